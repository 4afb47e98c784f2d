import { Button, Popover, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Where to get the scanner client (hidden on the eu host by the top bar). */
export function ClientDownload() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      title={t('clientDownload.title')}
      content={
        <Typography.Paragraph style={{ maxWidth: 300, margin: 0 }}>
          {t('clientDownload.text')}
        </Typography.Paragraph>
      }
    >
      <Button
        type="text"
        icon={<DesktopOutlined />}
        aria-label={t('clientDownload.title')}
        title={t('clientDownload.title')}
      />
    </Popover>
  );
}
