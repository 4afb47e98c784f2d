import { useState } from 'react';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { FileDoneOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LICENCE_MAX_MB, type Attachment } from '@archway/contract';
import { ApiError } from '../../../../shared/request.ts';
import { LICENCE_ACCEPT, licenceHint, useUploadLicence } from '../../api/org-upload-licence.ts';

interface Props {
  value?: Attachment | null;
  onChange?: (value: Attachment | null) => void;
}

/**
 * The business licence (jpg, png or pdf): picked, checked for its type and size as a hint, uploaded at once with
 * a progress bar (POST /attachment); the form keeps the answered attachment. The server decides by the content.
 */
export function LicenceUpload({ value, onChange }: Props) {
  const { t } = useTranslation();
  const upload = useUploadLicence();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const start = (file: File) => {
    const hint = licenceHint(file);
    if (hint) {
      setProblem(
        t(hint === 'type' ? 'organization.licence.badType' : 'organization.licence.tooLarge', {
          mb: LICENCE_MAX_MB,
        }),
      );
      return;
    }
    setProblem(null);
    setPercent(0);
    upload.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: (attachment) => onChange?.(attachment),
        onError: (err) =>
          setProblem(err instanceof ApiError ? t(err.i18nKey) : t('organization.licence.failed')),
        onSettled: () => setPercent(null),
      },
    );
  };

  return (
    <Flex vertical gap={8} data-testid="licence-upload">
      <Flex wrap gap={8} align="center">
        <Upload
          accept={LICENCE_ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            start(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="licence-pick">
            {value ? t('organization.licence.replace') : t('organization.licence.choose')}
          </Button>
        </Upload>
        {value && (
          <Typography.Text data-testid="licence-name" ellipsis style={{ maxWidth: 260 }}>
            <FileDoneOutlined /> {value.name}
          </Typography.Text>
        )}
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" data-testid="licence-progress" />}
      <Typography.Text type={problem ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {problem ?? t('organization.licence.hint', { mb: LICENCE_MAX_MB })}
      </Typography.Text>
    </Flex>
  );
}
