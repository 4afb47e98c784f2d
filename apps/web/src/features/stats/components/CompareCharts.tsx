import { useMemo } from 'react';
import { Col, Row } from 'antd';
import type { CompareSide } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { ChartCard, type ChartTable } from '../../../shared/charts/Chart.tsx';
import { mergeDevices } from '../utils/stats.ts';

/**
 * The comparison's charts: the trend by month (two lines), the months as grouped bars, and uploads by scanner. Two
 * periods are laid over each other month by month (1st month, 2nd month…); two organizations share the months.
 */
export function CompareCharts({
  a,
  b,
  labelA,
  labelB,
  samePeriod,
}: {
  a: CompareSide;
  b: CompareSide;
  labelA: string;
  labelB: string;
  samePeriod: boolean;
}) {
  const { t, i18n } = useTranslation();
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const formatMonth = (m: string) => monthName.format(new Date(`${m}-01T00:00:00Z`));

  const length = Math.max(a.months.length, b.months.length);
  const categories = Array.from({ length }, (_, i) =>
    samePeriod ? formatMonth((a.months[i] ?? b.months[i])!.month) : t('stats.compare.monthN', { n: i + 1 }),
  );
  const valuesA = categories.map((_, i) => a.months[i]?.total ?? 0);
  const valuesB = categories.map((_, i) => b.months[i]?.total ?? 0);
  const monthTable: ChartTable = {
    columns: [
      { key: 'month', title: t('stats.columns.month') },
      ...(samePeriod
        ? []
        : [
            { key: 'monthA', title: `${t('stats.columns.month')} · ${labelA}` },
            { key: 'monthB', title: `${t('stats.columns.month')} · ${labelB}` },
          ]),
      { key: 'a', title: labelA, numeric: true },
      { key: 'b', title: labelB, numeric: true },
    ],
    rows: categories.map((c, i) => ({
      month: c,
      ...(samePeriod
        ? {}
        : {
            monthA: a.months[i] ? formatMonth(a.months[i].month) : '–',
            monthB: b.months[i] ? formatMonth(b.months[i].month) : '–',
          }),
      a: valuesA[i]!,
      b: valuesB[i]!,
    })),
  };
  const axes = (names: string[]) => ({
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: names, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1 },
  });
  const trend = {
    ...axes(categories),
    series: [
      { name: labelA, type: 'line', data: valuesA, smooth: true, symbolSize: 6 },
      {
        name: labelB,
        type: 'line',
        data: valuesB,
        smooth: true,
        symbol: 'diamond',
        symbolSize: 9,
        lineStyle: { type: 'dashed' },
      },
    ],
  };
  const bars = {
    ...axes(categories),
    series: [
      { name: labelA, type: 'bar', data: valuesA, barMaxWidth: 28 },
      { name: labelB, type: 'bar', data: valuesB, barMaxWidth: 28 },
    ],
  };
  const devices = mergeDevices(a.devices, b.devices);
  const deviceOption = {
    ...axes(devices.map((d) => d.name)),
    series: [
      { name: labelA, type: 'bar', data: devices.map((d) => d.a), barMaxWidth: 28 },
      { name: labelB, type: 'bar', data: devices.map((d) => d.b), barMaxWidth: 28 },
    ],
  };
  const deviceTable: ChartTable = {
    columns: [
      { key: 'device', title: t('stats.compare.device') },
      { key: 'serial', title: t('stats.compare.serial') },
      { key: 'a', title: labelA, numeric: true },
      { key: 'b', title: labelB, numeric: true },
    ],
    rows: devices.map((d) => ({ device: d.name, serial: d.serial, a: d.a, b: d.b })),
  };
  const sumA = valuesA.reduce((s, v) => s + v, 0);
  const sumB = valuesB.reduce((s, v) => s + v, 0);
  const describe = (what: string) =>
    t('stats.compare.chartLabel', {
      what,
      a: t('stats.compare.uploadsOf', { name: labelA, count: sumA }),
      b: t('stats.compare.uploadsOf', { name: labelB, count: sumB }),
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <ChartCard
          title={t('stats.compare.trend')}
          option={trend}
          table={monthTable}
          label={describe(t('stats.compare.trend'))}
          empty={length === 0}
          testId="compare-trend"
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('stats.compare.byMonth')}
          option={bars}
          table={monthTable}
          label={describe(t('stats.compare.byMonth'))}
          empty={length === 0}
          testId="compare-months"
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('stats.compare.byDevice')}
          option={deviceOption}
          table={deviceTable}
          label={describe(t('stats.compare.byDevice'))}
          empty={devices.length === 0}
          testId="compare-devices"
        />
      </Col>
    </Row>
  );
}
