import './bite.css';
import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Progress, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { occlusionColour, occlusionLegend } from '@archway/mesh';
import type { BiteJaw, BiteResult } from './bite-worker-protocol.ts';
import type { BiteState } from './use-bite.ts';
import { formatDecimal, formatMm, unitLabel, withUnit } from '../../../../shared/i18n/format.ts';

const rgb = (c: ArrayLike<number>) => `rgb(${c[0]} ${c[1]} ${c[2]})`;

/** The legend as a bar: the map's colours from its first stop to its range, a step where two stops meet. */
function Legend({ result, format }: { result: BiteResult; format: (mm: number) => string }) {
  const { t } = useTranslation();
  const stops = occlusionLegend(result.thresholds);
  const from = stops[0]!.mm;
  const to = result.thresholds.range;
  const at = (mm: number) => `${(((mm - from) / (to - from)) * 100).toFixed(2)}%`;
  const gradient = stops
    .filter((s) => s.mm <= to && !(s.mm === to && s === stops[stops.length - 1]))
    .map((s) => `${rgb(s.rgb)} ${at(s.mm)}`)
    .join(', ');
  const ticks = [from, result.thresholds.contact, result.thresholds.near, to];
  const beyond = stops[stops.length - 1]!.rgb;
  return (
    <div className="bite-legend" data-testid="viewer-bite-legend">
      <Flex gap={10} wrap className="bite-legend-names">
        <span>
          <i style={{ background: rgb(stops[0]!.rgb) }} /> {t('cases.viewer.bite.contact')}
        </span>
        <span>
          <i style={{ background: rgb(stops[2]!.rgb) }} /> {t('cases.viewer.bite.near')}
        </span>
        <span>
          <i style={{ background: rgb(stops[5]!.rgb) }} /> {t('cases.viewer.bite.clear')}
        </span>
        <span>
          <i style={{ background: rgb(beyond) }} /> {t('cases.viewer.bite.beyond', { mm: format(to) })}
        </span>
      </Flex>
      <div className="bite-legend-bar" style={{ background: `linear-gradient(to right, ${gradient})` }} />
      <div className="bite-legend-ticks">
        {ticks.map((mm, i) => (
          <span key={i} style={{ insetInlineStart: at(mm) }}>
            {format(mm)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** A small histogram of one jaw's distances: a bar per bin, coloured as the map colours its middle. */
function Histogram({ jaw, result, label }: { jaw: BiteJaw; result: BiteResult; label: string }) {
  const { counts, from, to } = jaw.histogram;
  const bars = useMemo(() => {
    const max = Math.max(1, ...counts);
    const width = (to - from) / counts.length;
    const colour = new Uint8Array(3);
    return Array.from(counts, (n, i) => {
      occlusionColour(from + (i + 0.5) * width, result.thresholds, colour, 0);
      return { height: n === 0 ? 0 : Math.max(4, (n / max) * 100), colour: rgb(colour) };
    });
  }, [counts, from, to, result.thresholds]);
  return (
    <div className="bite-histogram" role="img" aria-label={label} data-testid="viewer-bite-histogram">
      {bars.map((b, i) => (
        <span key={i} style={{ height: `${b.height}%`, background: b.colour }} />
      ))}
    </div>
  );
}

/**
 * The Bite tool's panel: while the worker computes, its progress; then the legend in mm, and per jaw the smallest
 * clearance, the contact area and a histogram of the distances. `compact` (a narrow viewer, the panel above the
 * canvas): a small table, a row per jaw; the histograms and the note behind "Details".
 */
export function BitePanel({ state, compact = false }: { state: BiteState; compact?: boolean }) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(false);
  const full = !compact || details;
  // The smallest clearance with two decimals, the legend's and histogram's bounds without trailing zeros, the area
  // in mm² (the unit from the texts, squared); in the interface language (shared/i18n/format.ts).
  const clearance = (v: number) => formatMm(v, 2);
  const format = (v: number) => formatMm(v, 2, undefined, { upTo: true });
  const area = (v: number) => withUnit(formatDecimal(v, 2, undefined, { upTo: true }), `${unitLabel('mm')}²`);

  if (state.status === 'failed')
    return (
      <Alert type="warning" showIcon title={t('cases.viewer.bite.failed')} data-testid="viewer-bite-failed" />
    );
  if (state.status !== 'ready')
    return (
      <Flex vertical gap={6} className="bite-panel" data-testid="viewer-bite-computing" aria-busy>
        <Flex gap={8} align="center">
          <Spin size="small" />
          <Typography.Text>{t('cases.viewer.bite.computing')}</Typography.Text>
        </Flex>
        <Progress
          size="small"
          aria-label={t('cases.viewer.bite.computing')}
          percent={Math.floor((state.status === 'computing' ? state.fraction : 0) * 100)}
        />
      </Flex>
    );

  const { result } = state;
  const jaws = [
    { key: 'upper', jaw: result.upper },
    { key: 'lower', jaw: result.lower },
  ] as const;
  return (
    <Flex
      vertical
      gap={compact ? 6 : 10}
      className={compact ? 'bite-panel is-compact' : 'bite-panel'}
      data-testid="viewer-bite-panel"
    >
      <Flex gap={8} align="center" justify="space-between">
        <Typography.Text strong>{t('cases.viewer.bite.title')}</Typography.Text>
        {compact && (
          <Button
            type="link"
            size="small"
            aria-expanded={details}
            onClick={() => setDetails((d) => !d)}
            data-testid="viewer-bite-details"
          >
            {t('cases.viewer.bite.details')}
          </Button>
        )}
      </Flex>
      <Legend result={result} format={format} />
      {compact ? (
        <table className="bite-table">
          <thead>
            <tr>
              <td />
              <th scope="col">{t('cases.viewer.bite.minClearance')}</th>
              <th scope="col">{t('cases.viewer.bite.contactArea')}</th>
            </tr>
          </thead>
          <tbody>
            {jaws.map(({ key, jaw }) => (
              <tr key={key} data-testid="viewer-bite-jaw" data-jaw={key}>
                <th scope="row">{t(`cases.viewer.jaw.${key}`)}</th>
                <td data-testid="viewer-bite-min">{clearance(jaw.minClearance)}</td>
                <td data-testid="viewer-bite-area">{area(jaw.contactArea)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {(!compact || details) && (
        <div className="bite-jaws">
          {jaws.map(({ key, jaw }) => (
            <div
              key={key}
              className="bite-jaw"
              data-testid={compact ? undefined : 'viewer-bite-jaw'}
              data-jaw={key}
            >
              <Typography.Text strong>{t(`cases.viewer.jaw.${key}`)}</Typography.Text>
              {!compact && (
                <dl>
                  <dt>{t('cases.viewer.bite.minClearance')}</dt>
                  <dd data-testid="viewer-bite-min">{clearance(jaw.minClearance)}</dd>
                  <dt>{t('cases.viewer.bite.contactArea')}</dt>
                  <dd data-testid="viewer-bite-area">{area(jaw.contactArea)}</dd>
                </dl>
              )}
              <Histogram
                jaw={jaw}
                result={result}
                label={t('cases.viewer.bite.histogram', {
                  from: format(jaw.histogram.from),
                  to: format(jaw.histogram.to),
                })}
              />
            </div>
          ))}
        </div>
      )}
      {full && (
        <Typography.Text type="secondary" className="bite-note">
          {t('cases.viewer.bite.note')}
        </Typography.Text>
      )}
    </Flex>
  );
}
