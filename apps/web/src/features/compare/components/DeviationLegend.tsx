import { useTranslation } from 'react-i18next';
import { legendGradient } from './colour-scale.ts';
import { formatDecimal, numberFormat, unitLabel } from '../../../shared/i18n/format.ts';

/**
 * The deviation map's colour scale, vertical: +range (red: B outside A) at the top, 0 (green) in the middle, −range
 * (blue: B inside A) at the bottom, with five labelled ticks in mm.
 */
export function DeviationLegend({ range, compact }: { range: number; compact?: boolean }) {
  const { t } = useTranslation();
  // Three decimals for a fine scale (±0.05 mm): the half ticks stay exact.
  const digits = range < 0.1 ? 3 : 2;
  const number = numberFormat({
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  });
  const plain = { format: (v: number) => formatDecimal(v, digits) };
  const ticks = [range, range / 2, 0, -range / 2, -range];
  const height = compact ? 150 : 220;
  return (
    <figure
      data-testid="compare-legend"
      aria-label={t('compare.legend.label', { range: plain.format(range) })}
      style={{
        position: 'absolute',
        insetInlineEnd: 8,
        top: 8,
        margin: 0,
        padding: '6px 8px',
        borderRadius: 6,
        background: 'rgba(255, 255, 255, 0.88)',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.15)',
        fontSize: 11,
        lineHeight: 1.2,
        pointerEvents: 'none',
      }}
    >
      <figcaption style={{ fontWeight: 600, marginBottom: 4, textAlign: 'center' }}>
        {t('compare.legend.title')}
      </figcaption>
      <div style={{ display: 'flex', gap: 6, height }}>
        <div
          aria-hidden
          style={{ width: 12, borderRadius: 3, background: legendGradient(), border: '1px solid #0002' }}
        />
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            fontVariantNumeric: 'tabular-nums',
            marginBlock: -6,
          }}
        >
          {ticks.map((v, i) => (
            <span key={i} data-testid="compare-legend-tick" style={{ whiteSpace: 'nowrap' }}>
              {number.format(v)}
            </span>
          ))}
        </div>
      </div>
      <div style={{ marginTop: 4, textAlign: 'center', color: '#555' }}>{unitLabel('mm')}</div>
    </figure>
  );
}
