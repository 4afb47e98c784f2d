import { useTranslation } from 'react-i18next';
import { isDeciduous, type CaseDesign } from '@archway/contract';
import { ToothChart } from './ToothChart.tsx';
import { ToothLegend } from './ToothLegend.tsx';
import { formatDateTime } from '../i18n/format.ts';

const when = (iso: string) => formatDateTime(new Date(iso));

/**
 * A case's design, read-only: the chart and its legend, the designed teeth as a table (material, shade, implant),
 * the bridges, the clinic's note and the labs' design notes. Used by the case detail, the printed sheet, the
 * receiver's /caseDesign and the case report (which passes its own data).
 */
export function DesignSummary({
  design,
  showNotes = true,
}: {
  design: Pick<CaseDesign, 'teeth' | 'bridges' | 'note' | 'notes' | 'updatedAt' | 'updatedByName'>;
  showNotes?: boolean;
}) {
  const { t } = useTranslation();
  const deciduous = design.teeth.some((d) => isDeciduous(d.tooth)) || design.bridges.flat().some(isDeciduous);
  return (
    <div className="design-summary" data-testid="design-summary">
      <ToothChart teeth={design.teeth} bridges={design.bridges} deciduous={deciduous} />
      <ToothLegend />
      {design.teeth.length > 0 && (
        <table className="design-summary-teeth" data-testid="design-teeth">
          <thead>
            <tr>
              <th>{t('design.fields.tooth')}</th>
              <th>{t('design.fields.kind')}</th>
              <th>{t('design.fields.material')}</th>
              <th>{t('design.fields.shade')}</th>
              <th>{t('design.fields.implantType')}</th>
            </tr>
          </thead>
          <tbody>
            {design.teeth.map((d) => (
              <tr key={d.tooth}>
                <td>{d.tooth}</td>
                <td>{t(`design.kinds.${d.kind}`)}</td>
                <td>{d.material ? t(`design.materials.${d.material}`) : '–'}</td>
                <td>{d.shade ?? '–'}</td>
                <td>{d.implantType ? t(`design.implantTypes.${d.implantType}`) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {design.bridges.length > 0 && (
        <p data-testid="design-bridges">
          <strong>{t('design.fields.bridges')}: </strong>
          {design.bridges.map((b) => b.join('–')).join(', ')}
        </p>
      )}
      {design.note && (
        <p className="design-summary-note" data-testid="design-note">
          <strong>{t('design.fields.note')}: </strong>
          {design.note}
        </p>
      )}
      {design.updatedAt && (
        <p className="design-summary-meta">
          {t('design.savedBy', { name: design.updatedByName ?? '–', time: when(design.updatedAt) })}
        </p>
      )}
      {showNotes && design.notes.length > 0 && (
        <div data-testid="design-lab-notes">
          <strong>{t('design.notes.title')}</strong>
          {design.notes.map((n) => (
            <p key={n.custId} className="design-summary-note">
              <em>{n.custName}</em> ({when(n.updatedAt)}): {n.note}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
