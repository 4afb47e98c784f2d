import { Button, Flex, Image, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@archway/contract';
import { useProtectedFile } from '../../../shared/api/protected-file.ts';

/** A business licence read with the token: an image inline (click to enlarge), a pdf as a link opening it. */
export function LicencePreview({ licence }: { licence: Attachment | null }) {
  const { t } = useTranslation();
  const file = useProtectedFile(licence?.url);
  if (!licence) return <Typography.Text type="warning">{t('certification.noLicence')}</Typography.Text>;
  if (file.failed) return <Typography.Text type="danger">{t('certification.licenceFailed')}</Typography.Text>;
  if (!file.src) return <Spin size="small" />;
  if (licence.type === 'pdf')
    return (
      <Button
        icon={<FilePdfOutlined />}
        href={file.src}
        target="_blank"
        rel="noopener"
        size="small"
        data-testid="licence-pdf"
      >
        {t('certification.openPdf')}
      </Button>
    );
  return (
    <Flex>
      <Image
        src={file.src}
        alt={licence.name}
        width={96}
        height={72}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        data-testid="licence-image"
      />
    </Flex>
  );
}
