import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CaseDetail } from '@archway/contract';
import { readableOn } from '../../../shared/report/colors.ts';
import { caseNumber } from '../utils/case-number.ts';
import { caseTypeKey } from '../utils/filters.ts';
import { localDate, localDateTime } from '../utils/dates.ts';
import { otherPartyName } from '../utils/party.ts';
import { CHART_ROWS, type PrintLayout } from '../utils/print.ts';
import { FilledOrderForms } from './FilledOrderForms.tsx';
import type { SheetAssets } from './sheet-assets.ts';
import { CaseDesignSection } from '../../../shared/tooth-chart/CaseDesignSection.tsx';

/** One "label: value" line of the sheet; nothing when the value is empty. */
function Line({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div className="case-sheet-line">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The tooth chart: the FDI positions of both jaws, the case's teeth marked. */
function ToothChart({ teeth }: { teeth: readonly number[] }) {
  const { t } = useTranslation();
  const marked = new Set(teeth);
  const deciduous = teeth.filter((n) => n >= 51);
  return (
    <div className="case-sheet-chart" aria-label={t('cases.detail.teeth')}>
      {CHART_ROWS.map((row, i) => (
        <div key={i} className="case-sheet-chart-row">
          {row.map((tooth) => (
            <span key={tooth} className={marked.has(tooth) ? 'is-marked' : undefined}>
              {tooth}
            </span>
          ))}
        </div>
      ))}
      {deciduous.length > 0 && (
        <div className="case-sheet-line">
          <dt>{t('cases.detail.deciduous')}</dt>
          <dd>{deciduous.join(', ')}</dd>
        </div>
      )}
    </div>
  );
}

/** The short case number with its caption (the sheet's header, the label's foot). */
function CaseNumber({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <span className="case-sheet-number">
      <span className="case-sheet-number-label">{t('cases.print.caseNumber')}</span>{' '}
      <strong data-testid="sheet-case-number">{caseNumber(id)}</strong>
    </span>
  );
}

/**
 * The printable case sheet in one of two layouts: `sheet` (portrait A4 or Letter: the organization's logo, name and
 * report colour, a short case number, the scan's preview image, every field, the filled order forms, the tooth chart,
 * the design, room for the lab's notes) or `label` (100 × 62 mm: what the model box needs).
 */
export function CaseSheet({
  detail,
  layout,
  reduced,
  assets,
}: {
  detail: CaseDetail;
  layout: PrintLayout;
  reduced: boolean;
  assets: SheetAssets;
}) {
  const { t } = useTranslation();
  const accent = assets.color ?? '#1f1f1f';
  const colours = {
    ['--sheet-accent' as string]: accent,
    ['--sheet-accent-ink' as string]: readableOn(accent),
  } as CSSProperties;
  const jaws = [detail.upperJaw && t('cases.detail.upperJaw'), detail.lowerJaw && t('cases.detail.lowerJaw')]
    .filter(Boolean)
    .join(', ');
  const sex = detail.sex === 'male' || detail.sex === 'female' ? t(`cases.detail.${detail.sex}`) : null;
  const patient = [
    detail.patientName,
    sex,
    detail.age !== null ? t('cases.detail.ageValue', { count: detail.age }) : null,
  ]
    .filter(Boolean)
    .join(' · ');

  if (layout === 'label') {
    return (
      <div
        className="case-sheet case-sheet-label"
        data-testid="case-sheet"
        data-layout="label"
        style={colours}
      >
        <div className="case-sheet-label-title">{patient}</div>
        <dl>
          <Line label={t('cases.columns.caseType')} value={t(caseTypeKey(detail.caseType))} />
          <Line label={t('cases.detail.doctor')} value={detail.dentist} />
          <Line label={t('cases.columns.party')} value={otherPartyName(detail)} />
          <Line label={t('cases.detail.dueDate')} value={localDate(detail.dueDate)} />
          <Line label={t('cases.detail.teeth')} value={detail.teeth.join(', ')} />
          <Line label={t('cases.detail.jaws')} value={jaws} />
        </dl>
        <div className="case-sheet-label-foot">
          <CaseNumber id={detail.id} />
          {assets.orgName && <span className="case-sheet-label-org">{assets.orgName}</span>}
        </div>
      </div>
    );
  }

  return (
    <div className="case-sheet case-sheet-full" data-testid="case-sheet" data-layout="sheet" style={colours}>
      <header className="case-sheet-header" data-testid="sheet-header">
        <div className="case-sheet-brand">
          {assets.logo && (
            <img
              className="case-sheet-logo"
              src={assets.logo}
              alt={assets.orgName ?? ''}
              data-testid="sheet-logo"
            />
          )}
          <div className="case-sheet-brand-text">
            {assets.orgName && <div className="case-sheet-org">{assets.orgName}</div>}
            <h1>{t('cases.print.heading')}</h1>
          </div>
        </div>
        <div className="case-sheet-meta">
          <CaseNumber id={detail.id} />
          <span className="case-sheet-printed">
            {t('cases.print.printedAt', { date: dayjs().format('L LT') })}
          </span>
        </div>
      </header>
      <h2>{patient}</h2>
      <div className={assets.hasScan ? 'case-sheet-top has-scan' : 'case-sheet-top'}>
        {assets.hasScan && (
          <figure className="case-sheet-scan">
            {assets.scan ? (
              <img src={assets.scan} alt={t('cases.print.scan')} data-testid="sheet-scan" />
            ) : (
              <div className="case-sheet-scan-empty">{t('cases.print.noScan')}</div>
            )}
            <figcaption>{[t('cases.print.scan'), jaws].filter(Boolean).join(' · ')}</figcaption>
          </figure>
        )}
        <dl>
          <Line label={t('cases.columns.caseType')} value={t(caseTypeKey(detail.caseType))} />
          <Line label={t('cases.detail.sender')} value={detail.sendName} />
          <Line label={t('cases.detail.receiver')} value={otherPartyName({ ...detail, isSend: true })} />
          <Line label={t('cases.detail.doctor')} value={detail.dentist} />
          <Line label={t('cases.detail.clinic')} value={detail.clinic} />
          <Line label={t('cases.detail.phone')} value={detail.phone} />
          <Line label={t('cases.detail.firstUpload')} value={localDateTime(detail.firstUpload)} />
          <Line label={t('cases.detail.lastUpload')} value={localDateTime(detail.lastUpload)} />
          <Line label={t('cases.detail.dueDate')} value={localDate(detail.dueDate)} />
          <Line label={t('cases.detail.deviceNumber')} value={detail.deviceNumber} />
          <Line label={t('cases.detail.softwareVersion')} value={detail.softwareVersion} />
          {!reduced && <Line label={t('cases.columns.format')} value={detail.ext.toUpperCase()} />}
          <Line label={t('cases.detail.jaws')} value={jaws} />
          <Line label={t('cases.detail.material')} value={detail.material} />
          <Line label={t('cases.detail.toothColor')} value={detail.toothColor} />
          <Line label={t('cases.detail.implantType')} value={detail.implantType} />
          <Line label={t('cases.detail.restorationType')} value={detail.restorationType} />
          <Line label={t('cases.detail.designRequirement')} value={detail.designRequirement} />
          <Line label={t('cases.detail.remark')} value={detail.remark} />
        </dl>
      </div>
      <FilledOrderForms forms={detail.orderForms} variant="sheet" />
      <h3>{t('cases.detail.teeth')}</h3>
      <ToothChart teeth={detail.teeth} />
      <CaseDesignSection caseId={detail.id} print />
      <h3>{t('cases.print.notes')}</h3>
      <div className="case-sheet-notes" />
    </div>
  );
}
