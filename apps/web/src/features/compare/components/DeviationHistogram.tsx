import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard, type ChartTable } from '../../../shared/charts/Chart.tsx';
import { cssRgb, deviationRgb } from './colour-scale.ts';
import { niceAxis } from '../utils/nice-ticks.ts';
import {
  formatDecimal,
  formatMm,
  formatNumber,
  formatPercent,
  unitLabel,
} from '../../../shared/i18n/format.ts';

export interface Histogram {
  edges: number[];
  counts: number[];
}

/**
 * How B's vertices are spread over the signed distances: one bar per bin, coloured as the map colours its centre;
 * switchable to a table of the same bins (from, to, vertices, share).
 */
export function DeviationHistogram({ histogram, range }: { histogram: Histogram; range: number }) {
  const { t } = useTranslation();
  const { option, table, total } = useMemo(() => {
    // Three decimals on a fine scale (±0.05 mm), so neighbouring bins never read the same.
    const digits = range < 0.1 ? 3 : 2;
    const fine = { format: (v: number) => formatDecimal(v, 3) };
    const { edges, counts } = histogram;
    const total = counts.reduce((a, b) => a + b, 0);
    const bins = counts.map((count, i) => {
      const from = edges[i] ?? 0;
      const to = edges[i + 1] ?? from;
      return { from, to, centre: (from + to) / 2, count };
    });
    const axis = niceAxis(edges[0] ?? -range, edges[edges.length - 1] ?? range);
    const tick = { format: (v: number) => formatDecimal(v, 3, undefined, { upTo: true }) };
    const option = {
      tooltip: {
        trigger: 'axis',
        confine: true,
        formatter: (items: { dataIndex: number }[]) => {
          const bin = bins[items[0]?.dataIndex ?? 0];
          if (!bin) return '';
          return `${formatDecimal(bin.from, digits)} … ${formatMm(bin.to, digits)}<br/>${t('compare.histogram.vertices')}: ${formatNumber(bin.count)} (${formatPercent(total ? bin.count / total : 0)})`;
        },
      },
      grid: { left: 8, right: 16, top: 16, bottom: 28, containLabel: true },
      // A value axis with round ticks (µm on a fine scale), the bars standing on their bins' centres.
      xAxis: {
        type: 'value',
        min: axis.min,
        max: axis.max,
        interval: axis.step,
        name: unitLabel(axis.unit === 'µm' ? 'um' : 'mm'),
        nameLocation: 'middle',
        nameGap: 26,
        splitLine: { show: false },
        axisLabel: { hideOverlap: true, formatter: (v: number) => tick.format(axis.label(v)) },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('compare.histogram.vertices'),
          barCategoryGap: '8%',
          data: bins.map((b) => ({
            value: [b.centre, b.count],
            itemStyle: { color: cssRgb(deviationRgb(b.centre, range)) },
          })),
        },
      ],
    };
    const table: ChartTable = {
      columns: [
        { key: 'from', title: t('compare.histogram.from') },
        { key: 'to', title: t('compare.histogram.to') },
        { key: 'count', title: t('compare.histogram.vertices'), numeric: true },
        { key: 'share', title: t('compare.histogram.share'), numeric: true },
      ],
      rows: bins.map((b) => ({
        from: fine.format(b.from),
        to: fine.format(b.to),
        count: b.count,
        share: formatPercent(total ? b.count / total : 0),
      })),
    };
    return { option, table, total };
  }, [histogram, range, t]);

  return (
    <ChartCard
      title={t('compare.histogram.title')}
      option={option}
      table={table}
      label={t('compare.histogram.label', { count: total })}
      height={240}
      empty={total === 0}
      testId="compare-histogram"
    />
  );
}
