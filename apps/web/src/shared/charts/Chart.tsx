import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Card, Empty, Flex, Segmented, Table, theme } from 'antd';
import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../i18n/format.ts';
import { echarts } from './echarts.ts';

/** A chart's data as a table: the same numbers for screen readers and for people who prefer reading them. */
export interface ChartTable {
  columns: { key: string; title: string; numeric?: boolean }[];
  rows: Record<string, string | number>[];
}

export interface ChartCardProps {
  title: ReactNode;
  /** An ECharts option (series, axes); palette, fonts, tooltip and the accessible description are added here. */
  option: Record<string, unknown>;
  table: ChartTable;
  /** A sentence describing the chart (read by screen readers in place of the canvas). */
  label: string;
  height?: number;
  extra?: ReactNode;
  empty?: boolean;
  testId?: string;
}

/**
 * A chart in a card, switchable to a table of the same figures. The canvas is hidden from screen readers (they get
 * `label` and the table); colours come from the active skin, numbers are formatted in the app's language.
 */
export function ChartCard({
  title,
  option,
  table,
  label,
  height = 280,
  extra,
  empty,
  testId,
}: ChartCardProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const themed = useMemo(
    () => ({
      color: [token.colorPrimary, '#f5a524', '#7c5cff', '#2fb67c', '#e5484d'],
      textStyle: { fontFamily: token.fontFamily, color: token.colorText },
      tooltip: { trigger: 'axis', confine: true },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      aria: { enabled: true, label: { description: label } },
      animation: false,
      ...option,
    }),
    [option, token, label],
  );
  const number = useMemo(() => numberFormat({}, i18n.language), [i18n.language]);
  // The canvas follows its box: the box may shrink (min-width 0, overflow hidden), and a resize of the box (a phone
  // turned, the side menu collapsed) redraws the chart at the new width.
  const chart = useRef<ReactEChartsCore>(null);
  const box = useRef<HTMLDivElement>(null);
  const showsChart = !empty && view === 'chart';
  useEffect(() => {
    const element = box.current;
    if (!showsChart || !element) return;
    const observer = new ResizeObserver(() => chart.current?.getEchartsInstance().resize());
    observer.observe(element);
    return () => observer.disconnect();
  }, [showsChart]);

  return (
    <Card
      title={title}
      data-testid={testId}
      styles={{ body: { padding: 12 } }}
      extra={
        <Flex gap={8} align="center" wrap>
          {extra}
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', icon: <BarChartOutlined />, title: t('charts.chart') },
              { value: 'table', icon: <TableOutlined />, title: t('charts.table') },
            ]}
            aria-label={t('charts.view')}
          />
        </Flex>
      }
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} />
      ) : view === 'chart' ? (
        <div
          role="img"
          aria-label={label}
          ref={box}
          style={{ width: '100%', minWidth: 0, overflow: 'hidden' }}
        >
          <ReactEChartsCore
            ref={chart}
            echarts={echarts}
            option={themed}
            notMerge
            style={{ height, width: '100%' }}
            opts={{ renderer: 'canvas' }}
          />
        </div>
      ) : (
        <Table
          size="small"
          pagination={false}
          scroll={{ x: true, y: height }}
          rowKey={(r) => String(r[table.columns[0]!.key])}
          dataSource={table.rows}
          columns={table.columns.map((c) => ({
            key: c.key,
            dataIndex: c.key,
            title: c.title,
            align: c.numeric ? ('right' as const) : undefined,
            render: (v: string | number) => (typeof v === 'number' ? number.format(v) : v),
          }))}
        />
      )}
    </Card>
  );
}
