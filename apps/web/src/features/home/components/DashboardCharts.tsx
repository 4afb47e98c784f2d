import { useMemo } from 'react';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@archway/contract';
import { ChartCard } from '../../../shared/charts/Chart.tsx';
import { CASE_TYPES, caseTypeKey } from '../../../shared/case-types.ts';
import { groupSeries, weekStartOf, type Grouping } from '../utils/group-series.ts';
import { bucketLabel, formatDays } from '../utils/format.ts';
import { numberFormat } from '../../../shared/i18n/format.ts';

const TYPE_FIGURE = { 1: 'orthodontics', 2: 'implant', 3: 'restoration' } as const;

/**
 * Cases over time stacked by type, and received against downloaded: the range's days grouped by day, week (from the
 * language's first day of the week) or month. Each chart switches to a table of the same figures.
 */
export function DashboardCharts({
  dashboard,
  grouping,
  caseType,
}: {
  dashboard: Dashboard;
  grouping: Grouping;
  caseType?: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = useMemo(() => numberFormat({}, language), [language]);
  const valueFormatter = (v: unknown) => (typeof v === 'number' ? number.format(v) : String(v ?? ''));

  const buckets = useMemo(
    () => groupSeries(dashboard.series, grouping, weekStartOf()),
    [dashboard.series, grouping],
  );
  const labels = useMemo(
    () => buckets.map((b) => bucketLabel(b, grouping, language)),
    [buckets, grouping, language],
  );
  const first = dashboard.series[0]?.day ?? dashboard.asOf;
  const period = formatDays(first, dashboard.asOf, language);
  const types = CASE_TYPES.filter((type) => caseType === undefined || type === caseType);
  const { totals } = dashboard;
  const periodTitle = t(`home.groupings.${grouping}`);

  const casesOption = useMemo(
    () => ({
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', confine: true, valueFormatter },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: valueFormatter } },
      series: types.map((type) => ({
        type: 'bar',
        stack: 'cases',
        name: t(caseTypeKey(type)),
        barMaxWidth: 32,
        data: buckets.map((b) => b[TYPE_FIGURE[type]]),
      })),
    }),
    // valueFormatter follows `number`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labels, buckets, types.join(), t, number],
  );
  const casesTable = {
    columns: [
      { key: 'period', title: periodTitle },
      ...types.map((type) => ({ key: TYPE_FIGURE[type], title: t(caseTypeKey(type)), numeric: true })),
      ...(types.length > 1 ? [{ key: 'total', title: t('home.charts.total'), numeric: true }] : []),
    ],
    rows: buckets.map((b, i) => ({
      period: labels[i]!,
      orthodontics: b.orthodontics,
      implant: b.implant,
      restoration: b.restoration,
      total: b.total,
    })),
  };
  const casesLabel = t('home.charts.casesLabel', {
    period,
    count: totals.total,
    detail: types
      .map((type) => `${t(caseTypeKey(type))} ${number.format(totals[TYPE_FIGURE[type]])}`)
      .join(', '),
  });

  const downloadsOption = useMemo(
    () => ({
      legend: { top: 0, type: 'scroll' },
      tooltip: { trigger: 'axis', confine: true, valueFormatter },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: valueFormatter } },
      series: [
        {
          type: 'bar',
          name: t('home.charts.received'),
          barMaxWidth: 20,
          data: buckets.map((b) => b.received),
        },
        {
          type: 'bar',
          name: t('home.charts.downloaded'),
          barMaxWidth: 20,
          data: buckets.map((b) => b.downloaded),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [labels, buckets, t, number],
  );
  const downloadsTable = {
    columns: [
      { key: 'period', title: periodTitle },
      { key: 'received', title: t('home.charts.received'), numeric: true },
      { key: 'downloaded', title: t('home.charts.downloaded'), numeric: true },
    ],
    rows: buckets.map((b, i) => ({ period: labels[i]!, received: b.received, downloaded: b.downloaded })),
  };
  const downloadsSummary = t('home.charts.downloadedOf', {
    downloaded: totals.downloaded,
    count: totals.received,
  });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <ChartCard
          testId="chart-cases"
          title={t('home.charts.cases')}
          option={casesOption}
          table={casesTable}
          label={casesLabel}
          empty={totals.total === 0}
        />
      </Col>
      <Col xs={24} xl={9}>
        {totals.received === 0 ? (
          <Card
            title={t('home.charts.downloads')}
            data-testid="chart-downloads"
            styles={{ body: { padding: 12 } }}
          >
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.charts.noneReceived')} />
          </Card>
        ) : (
          <ChartCard
            testId="chart-downloads"
            title={
              <span>
                {t('home.charts.downloads')}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
                  {downloadsSummary}
                </Typography.Text>
              </span>
            }
            option={downloadsOption}
            table={downloadsTable}
            label={t('home.charts.downloadsLabel', { period, summary: downloadsSummary })}
          />
        )}
      </Col>
    </Row>
  );
}
