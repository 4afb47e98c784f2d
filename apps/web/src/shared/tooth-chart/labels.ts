import type { TFunction } from 'i18next';
import type { ToothDesign } from '@archway/contract';

/** "16 · Anatomic crown · Zirconia (Katana) · A2 · Ti-base": one tooth's design in words. */
export function toothText(t: TFunction, tooth: number, d: ToothDesign | undefined): string {
  if (!d) return t('design.chart.toothEmpty', { tooth });
  return [
    t('design.chart.tooth', { tooth }),
    t(`design.kinds.${d.kind}`),
    d.material && t(`design.materials.${d.material}`),
    d.shade,
    d.implantType && t(`design.implantTypes.${d.implantType}`),
  ]
    .filter(Boolean)
    .join(' · ');
}
