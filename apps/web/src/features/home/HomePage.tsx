import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useCustomer } from '../../shared/api/current-user.ts';
import { useViewportMode } from '../../shared/ui/use-viewport.ts';
import { useDashboard } from './api/get-dashboard.ts';
import { useAttention } from './api/get-attention.ts';
import { useSubjects } from './api/get-subjects.ts';
import { AttentionCard } from './components/AttentionCard.tsx';
import { DashboardCharts } from './components/DashboardCharts.tsx';
import { DashboardFilters, type DashboardFilterValues } from './components/DashboardFilters.tsx';
import { NetworkCounts } from './components/NetworkCounts.tsx';
import { NextStepCard } from './components/NextStepCard.tsx';
import { OrganizationHeader } from './components/OrganizationHeader.tsx';
import { RecentCases } from './components/RecentCases.tsx';
import { SummaryCards } from './components/SummaryCards.tsx';
import { formatDay } from './utils/format.ts';
import type { Grouping } from './utils/group-series.ts';

/** The grouping that suits a range until the person picks another: days for a week or month, then weeks, months. */
const GROUPING_OF_RANGE: Record<DashboardFilterValues['range'], Grouping> = {
  '7': 'day',
  '30': 'day',
  '90': 'week',
  all: 'month',
};

function DashboardSkeleton() {
  return (
    <Flex vertical gap={16} data-testid="home-loading">
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} md={8}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Skeleton.Node active style={{ width: '100%', height: 240 }} />
      </Card>
    </Flex>
  );
}

/**
 * `/home`: the statistics dashboard a lab or clinic opens every morning (product §2): yesterday, the last week and
 * month against earlier ones, cases over time, download status, the partner network, what needs attention, the
 * latest cases; a new organization gets its next step instead of empty charts.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const mobile = useViewportMode() === 'mobile';
  const { data: user } = useCurrentUser();
  const hasOrg = Boolean(user?.custId);
  const customer = useCustomer(hasOrg);
  const [filters, setFilters] = useState<DashboardFilterValues>({ range: '7', grouping: 'day' });
  const subjects = useSubjects(filters.custId, hasOrg);
  const { grouping, ...query } = filters;
  const dashboard = useDashboard(query, hasOrg);
  const attention = useAttention(filters.custId, hasOrg);

  if (!user) return <Skeleton active />;

  const change = (next: Partial<DashboardFilterValues>) =>
    setFilters((before) => ({
      ...before,
      ...(next.range && next.range !== before.range && !next.grouping
        ? { grouping: GROUPING_OF_RANGE[next.range] }
        : {}),
      ...next,
    }));

  const data = dashboard.data;
  const extra = attention.data;
  const nextStep = extra?.attention.nextStep ?? null;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400, minWidth: 0 }} data-testid="home-dashboard">
      <OrganizationHeader user={user} customer={customer.data} />
      {hasOrg && (
        <>
          {extra?.attention.underReview && (
            <Alert
              type="warning"
              showIcon
              data-testid="home-under-review"
              title={t('home.underReview.title')}
              description={t('home.underReview.text')}
              action={<Link to="/account?tab=1">{t('home.underReview.action')}</Link>}
            />
          )}
          <DashboardFilters value={filters} onChange={change} subjects={subjects.data} mobile={mobile} />
          {(dashboard.isError && !data) || (attention.isError && !extra) ? (
            <Card>
              <Result
                status="warning"
                title={t('home.error.title')}
                subTitle={t('home.error.text')}
                extra={
                  <Button
                    type="primary"
                    onClick={() => void Promise.all([dashboard.refetch(), attention.refetch()])}
                    data-testid="home-retry"
                  >
                    {t('home.error.retry')}
                  </Button>
                }
                data-testid="home-error"
              />
            </Card>
          ) : !data || !extra ? (
            <DashboardSkeleton />
          ) : (
            <Flex
              vertical
              gap={16}
              data-testid="home-figures"
              data-fetching={dashboard.isFetching || attention.isFetching ? 'true' : 'false'}
              style={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
            >
              <Typography.Text type="secondary" data-testid="home-as-of">
                {t('home.asOf', { date: formatDay(data.asOf, i18n.language), timeZone: data.timeZone })}
              </Typography.Text>
              <SummaryCards summary={data.summary} />
              {nextStep ? (
                <NextStepCard step={nextStep} />
              ) : (
                <DashboardCharts dashboard={data} grouping={grouping} caseType={filters.caseType} />
              )}
              <NetworkCounts dashboard={extra} />
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <AttentionCard dashboard={extra} />
                </Col>
                <Col xs={24} lg={12}>
                  <RecentCases recent={extra.recent} />
                </Col>
              </Row>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
