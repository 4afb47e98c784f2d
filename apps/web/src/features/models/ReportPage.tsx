import { useEffect } from 'react';
import { Button, Flex, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ShareLinkErrors } from '@archway/contract';
import { ReportView } from '../../shared/report/ReportView.tsx';
import { ApiError } from '../../shared/request.ts';
import { useSharedReport } from './api/get-shared-report.ts';
import './models.css';

/**
 * `/report/:token`, outside the signed-in shell: the case report a lab or clinic shared with the patient. No account
 * and no token are needed; an expired or revoked link shows a friendly page with the catalogue's message.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const report = useSharedReport(token);

  useEffect(() => {
    const name = report.data?.org.name;
    document.title = name ? `${t('caseReport.view.title')} · ${name}` : t('caseReport.view.title');
  }, [report.data?.org.name, t]);

  if (report.isLoading)
    return (
      <div className="public-report">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );

  if (report.isError || !report.data) {
    const error = report.error;
    // An expired or revoked link (or one that never was) is a refusal from the catalogue; anything else may pass.
    const expired = error instanceof ApiError && error.kind === 'refused';
    return (
      <div className="public-report">
        <Result
          status={expired ? 'warning' : 'error'}
          title={
            expired
              ? t(error.i18nKey, t(`errors.${ShareLinkErrors.expired.key}`))
              : t('caseReport.page.failed')
          }
          subTitle={expired ? t('caseReport.page.expiredHint') : t('caseReport.page.failedHint')}
          data-testid={expired ? 'report-expired' : 'report-failed'}
          extra={
            expired ? undefined : (
              <Button type="primary" onClick={() => void report.refetch()}>
                {t('caseReport.page.retry')}
              </Button>
            )
          }
        />
      </div>
    );
  }

  return (
    <div className="public-report">
      <Flex justify="flex-end" className="no-print public-report-bar">
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
          {t('caseReport.page.print')}
        </Button>
      </Flex>
      <ReportView report={report.data} source="public" />
    </div>
  );
}
