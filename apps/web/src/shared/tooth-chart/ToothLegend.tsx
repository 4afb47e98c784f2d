import { useTranslation } from 'react-i18next';
import { KindColors, KindSymbols, RestorationKinds } from '@archway/contract';

/** The restoration kinds with their fixed chart colours and letters, and the bridge bar. */
export function ToothLegend() {
  const { t } = useTranslation();
  return (
    <ul className="tooth-legend" aria-label={t('design.chart.legend')} data-testid="tooth-legend">
      {RestorationKinds.map((kind) => (
        <li key={kind}>
          <span className="tooth-legend-swatch" style={{ background: KindColors[kind] }} aria-hidden>
            {KindSymbols[kind]}
          </span>
          {t(`design.kinds.${kind}`)}
        </li>
      ))}
      <li>
        <span className="tooth-legend-bridge" aria-hidden />
        {t('design.chart.bridge')}
      </li>
    </ul>
  );
}
