import { useEffect } from 'react';
import { Button, Card, Flex, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { FileTextOutlined, LockOutlined, SwapOutlined, BuildOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { caseTypeKey } from '../../shared/case-types.ts';
import { ApiError } from '../../shared/request.ts';
import { joinLine } from '../../shared/ui/join-line.ts';
import { useBuilderCase } from './api/get-builder-case.ts';
import { CasePicker } from './components/CasePicker.tsx';
import { CaseReportTab } from './components/CaseReportTab.tsx';
import { ModelBuilderTab } from './components/ModelBuilderTab.tsx';
import { localDateTime } from './components/dates.ts';
import './models.css';

type Tab = 'model' | 'report';

/**
 * `/caseBuilder?id=<case>` (product §2 "model builder and report template with logo upload"; a Task notice opens
 * it): two tabs, the model builder and the case report. Without `id`: a searchable list of the caller's cases to
 * choose from. `&tab=report` opens the report tab.
 */
export default function CaseBuilderPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const tab: Tab = params.get('tab') === 'report' ? 'report' : 'model';
  const detail = useBuilderCase(id);

  // The layout opens the settings drawer on `?settings=report` when it sees it; then the address loses it again, so
  // the next press opens the drawer once more.
  const askedSettings = params.get('settings');
  useEffect(() => {
    if (!askedSettings) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('settings');
        return next;
      },
      { replace: true },
    );
  }, [askedSettings, setParams]);

  const go = (next: Record<string, string>) => setParams(next);

  if (!id)
    return (
      <div className="builder-page">
        <CasePicker onPick={(caseId) => go({ id: caseId })} />
      </div>
    );

  // A failed refetch keeps the case on screen; only a case never read shows the refusal.
  if (detail.isError && !detail.data)
    return (
      <Result
        status="warning"
        title={
          detail.error instanceof ApiError
            ? t(detail.error.i18nKey, detail.error.message)
            : t('models.caseFailed')
        }
        extra={
          <Button type="primary" onClick={() => go({})}>
            {t('models.chooseCase')}
          </Button>
        }
        data-testid="builder-case-error"
      />
    );

  const c = detail.data;
  return (
    <div className="builder-page">
      <Card size="small" className="builder-case no-print" data-testid="builder-case">
        {c ? (
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex gap={8} align="center" wrap>
                <Typography.Title level={4} style={{ margin: 0 }} className="builder-patient">
                  {c.patientName || '—'}
                </Typography.Title>
                <Tag>{t(caseTypeKey(c.caseType))}</Tag>
                {c.crypto === 1 && (
                  <Tag icon={<LockOutlined />} color="gold">
                    {t('models.picker.encrypted')}
                  </Tag>
                )}
              </Flex>
              <Typography.Text type="secondary">
                {joinLine([
                  c.sendName && t('models.caseFrom', { from: c.sendName }),
                  c.dentist,
                  localDateTime(c.time),
                ])}
              </Typography.Text>
            </Flex>
            <Button icon={<SwapOutlined />} onClick={() => go({})} data-testid="builder-change-case">
              {t('models.chooseCase')}
            </Button>
          </Flex>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
      </Card>
      {c && (
        <Tabs
          className="builder-tabs"
          activeKey={tab}
          onChange={(key) => go(key === 'report' ? { id: c.id, tab: 'report' } : { id: c.id })}
          items={[
            {
              key: 'model',
              label: (
                <span data-testid="tab-model">
                  <BuildOutlined /> {t('models.tabs.model')}
                </span>
              ),
              children: <ModelBuilderTab detail={c} />,
            },
            {
              key: 'report',
              label: (
                <span data-testid="tab-report">
                  <FileTextOutlined /> {t('models.tabs.report')}
                </span>
              ),
              children: (
                <CaseReportTab
                  detail={c}
                  onCustomize={() => go({ id: c.id, tab: 'report', settings: 'report' })}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
