import { Image, Skeleton, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useProtectedFile } from '../../../shared/api/protected-file.ts';

/** A comment's image: a thumbnail (read with the token) that opens full size. */
export function CommentImage({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const file = useProtectedFile(url);
  if (file.loading) return <Skeleton.Image active style={{ width: 160, height: 120 }} />;
  if (!file.src)
    return (
      <Typography.Text type="secondary">
        <PictureOutlined /> {t('comments.imageUnavailable')}
      </Typography.Text>
    );
  return (
    <Image
      src={file.src}
      alt={name || t('comments.image')}
      width={160}
      style={{ maxHeight: 160, objectFit: 'cover', borderRadius: 6 }}
      preview={{ src: file.src }}
      data-testid="comment-image"
    />
  );
}
