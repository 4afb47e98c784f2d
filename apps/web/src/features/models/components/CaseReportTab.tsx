import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { PrinterOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '@archway/contract';
import { ReportView } from '../../../shared/report/ReportView.tsx';
import { useReportPreview } from '../api/get-report-preview.ts';
import { ShareLinks } from './ShareLinks.tsx';

/**
 * "Case report": the report as the patient will see it (the same ReportView as the shared page), the template's
 * actions (the report customization lives in the settings drawer: logo, background, introduction, colour, pictures,
 * video; Print) and the case's share links.
 */
export function CaseReportTab({ detail, onCustomize }: { detail: CaseDetail; onCustomize: () => void }) {
  const { t } = useTranslation();
  const preview = useReportPreview(detail);

  return (
    <Flex vertical gap={16} data-testid="case-report">
      <Card size="small" className="no-print" title={t('models.report.template')}>
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('models.report.templateHint')}</Typography.Text>
          <Flex gap={8} wrap>
            <Button icon={<SettingOutlined />} onClick={onCustomize} data-testid="report-customize">
              {t('models.report.customize')}
            </Button>
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
              {t('models.report.print')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <ShareLinks caseId={detail.id} />
      <Typography.Title level={5} className="no-print" style={{ margin: 0 }}>
        {t('models.report.preview')}
      </Typography.Title>
      {preview.isLoading ? (
        <Skeleton active />
      ) : preview.data ? (
        <ReportView report={preview.data} source="signedIn" />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('models.report.previewFailed')}
          action={<Button onClick={() => void preview.refetch()}>{t('models.retry')}</Button>}
        />
      )}
    </Flex>
  );
}
