import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsRow } from '@archway/contract';
import { ChartCard, type ChartTable } from '../../../shared/charts/Chart.tsx';
import type { StatsSort } from '../api/get-stats-table.ts';
import { numberFormat } from '../../../shared/i18n/format.ts';

/** The figures a bar can show; sorted by name or month, the bars show the total. */
const METRICS = ['total', 'ortho', 'restoration', 'implant', 'difference'] as const;
type Metric = (typeof METRICS)[number];
/** At most this many bars: the first rows listed (with a sort by the figure, the top ones). */
export const CHART_ROWS = 10;

export const chartMetric = (sort: StatsSort): Metric =>
  (METRICS as readonly string[]).includes(sort) ? (sort as Metric) : 'total';

/**
 * The listed rows as horizontal bars of the figure they are sorted by (the total when sorted by name or month), in the
 * list's order, each named by its partner and month. Compact enough for a phone (names cut short, values at the bar's
 * end); the card switches to a table of the same figures.
 */
export function StatsChart({
  rows,
  sort,
  nameTitle,
}: {
  rows: StatsRow[];
  sort: StatsSort;
  /** The first column's title (clinic, lab or organization). */
  nameTitle: string;
}) {
  const { t, i18n } = useTranslation();
  const metric = chartMetric(sort);
  const metricTitle = t(`stats.columns.${metric}`);
  const number = useMemo(
    () => numberFormat(metric === 'difference' ? { signDisplay: 'exceptZero' } : {}, i18n.language),
    [i18n.language, metric],
  );
  const monthName = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    [i18n.language],
  );
  const { shown, names, values } = useMemo(() => {
    const first = rows.slice(0, CHART_ROWS);
    return {
      shown: first,
      names: first.map((r) => `${r.clinic} · ${monthName.format(new Date(`${r.month}-01T00:00:00Z`))}`),
      values: first.map((r) => r[metric]),
    };
  }, [rows, metric, monthName]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: names,
        axisTick: { show: false },
        axisLabel: { width: 150, overflow: 'truncate' },
      },
      series: [
        {
          name: metricTitle,
          type: 'bar',
          data: values,
          barMaxWidth: 18,
          label: {
            show: true,
            position: 'right',
            formatter: ({ value }: { value: number }) => number.format(value),
          },
        },
      ],
    }),
    [names, values, metricTitle, number],
  );
  const table: ChartTable = {
    columns: [
      { key: 'name', title: nameTitle },
      { key: 'value', title: metricTitle, numeric: true },
    ],
    rows: shown.map((r, i) => ({ name: names[i]!, value: values[i]! })),
  };
  const label = t('stats.chart.label', {
    metric: metricTitle,
    list: shown.map((_, i) => `${names[i]}: ${number.format(values[i]!)}`).join('; '),
  });

  return (
    <ChartCard
      title={t('stats.chart.title', { metric: metricTitle })}
      option={option}
      table={table}
      label={label}
      height={Math.max(120, shown.length * 30 + 36)}
      testId="stats-chart"
    />
  );
}
