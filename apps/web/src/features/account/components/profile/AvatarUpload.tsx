import { useRef, useState } from 'react';
import { Avatar, Button, Flex, Progress, Typography } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, type CurrentUser } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useProtectedFile } from '../../../../shared/api/protected-file.ts';
import { useUploadAvatar } from '../../api/profile-upload-avatar.ts';
import { refusalText } from './refusal.ts';

const ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';

/** The avatar and its upload: jpg, png or gif, at most 2 MB (the server checks the content again), with progress. */
export function AvatarUpload({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const { src } = useProtectedFile(user.avatar);
  const upload = useUploadAvatar(setPercent);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast(t('errors.profileAvatar.tooLarge'));
      return;
    }
    if (!/\.(jpe?g|png|gif)$/i.test(file.name) && !/^image\/(jpeg|png|gif)$/.test(file.type)) {
      toast(t('errors.profileAvatar.format'));
      return;
    }
    setPercent(0);
    upload.mutate(file, {
      onSuccess: () => toast(t('profile.avatar.done'), 'success'),
      onError: (error) => toast(refusalText(error, t, 'errors.profileAvatar.failed')),
      onSettled: () => setPercent(null),
    });
  };

  return (
    <Flex gap={16} align="center" wrap data-testid="profile-avatar">
      <Avatar
        size={80}
        src={src ?? undefined}
        icon={src ? undefined : <UserOutlined />}
        style={{ flex: 'none' }}
      />
      <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="avatar-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <div>
          <Button
            icon={<UploadOutlined />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="avatar-change"
          >
            {t('profile.avatar.change')}
          </Button>
        </div>
        {percent !== null ? (
          <Progress percent={percent} size="small" status="active" data-testid="avatar-progress" />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('profile.avatar.hint')}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
