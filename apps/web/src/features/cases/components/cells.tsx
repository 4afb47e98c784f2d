import { Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CaseRow } from '@archway/contract';
import { UnreadMark } from '../../../shared/case-page/unread-replies.tsx';
import { CaseThumb } from '../../../shared/case-page/CaseThumb.tsx';
import { caseTypeKey } from '../utils/filters.ts';
import { localDateTime } from '../utils/dates.ts';
import { PROCESS_COLORS, processStatusKey } from '../utils/process-status.ts';
import { downloadedBy, otherPartyName } from '../utils/party.ts';

/** The case's preview image or its placeholder (the shared CaseThumb, which the home's latest cases show too). */
export function PreviewThumb({ row, reduced }: { row: CaseRow; reduced: boolean }) {
  return (
    <CaseThumb thumbnail={row.thumbnail} ext={row.ext} patientName={row.patientName} reduced={reduced} />
  );
}

/**
 * The patient: a selection box when the list has batch actions, the lock of an encrypted case, the name (a link to
 * the case's page when `to` is given, so a middle click or the keyboard opens it too), and its unread replies.
 */
export function PatientCell({
  row,
  reduced,
  selection,
  to,
  unread,
}: {
  row: CaseRow;
  /** Custom type 2 (clinics) see no lock icon (product §6). */
  reduced: boolean;
  selection?: { selected: boolean; disabled: boolean; onChange: (selected: boolean) => void };
  /** The case page's address. */
  to?: string;
  /** The caller's unread replies on this case. */
  unread?: number;
}) {
  const { t } = useTranslation();
  const name = (
    <Typography.Text
      strong
      ellipsis={{ tooltip: row.patientName }}
      style={{ maxWidth: 200, color: 'inherit' }}
      data-testid="case-patient"
    >
      {row.patientName}
    </Typography.Text>
  );
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      {selection && (
        <Checkbox
          checked={selection.selected}
          disabled={selection.disabled}
          onChange={(e) => selection.onChange(e.target.checked)}
          aria-label={t('cases.batch.select', { patient: row.patientName })}
          data-testid="case-select"
        />
      )}
      {!reduced && row.crypto === 1 && (
        <Tooltip title={t('cases.encrypted')}>
          <LockOutlined aria-label={t('cases.encrypted')} data-testid="case-lock" />
        </Tooltip>
      )}
      {to ? (
        <Link to={to} className="case-patient-link" data-testid="case-open">
          {name}
        </Link>
      ) : (
        name
      )}
      <UnreadMark count={unread} />
    </Flex>
  );
}

/**
 * A case on a phone (or in the card view): one compact card, its thumbnail and three lines (the patient and the
 * unread mark; the other party, who has a forwarded case now, and the case type; the status, with a third party's name, and the date) all one link to the case's page, with
 * the selection box and the actions' menu beside it.
 */
export function CaseCard({
  row,
  reduced,
  custId,
  to,
  unread,
  selection,
  actions,
}: {
  row: CaseRow;
  reduced: boolean;
  custId: string;
  to: string;
  unread?: number;
  selection?: { selected: boolean; disabled: boolean; onChange: (selected: boolean) => void };
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const party = otherPartyName(row);
  const partyText = party
    ? t(row.isSend ? 'caseLists.toParty' : 'caseLists.fromParty', { name: party })
    : null;
  // Who has a forwarded case now, unless the status already names the third party (product §4).
  const forwarded = row.thirdPartyName && row.processStatus !== null ? null : forwardNote(row, t);
  return (
    <div className="case-card">
      <Link
        to={to}
        className="case-card-link"
        // Its name is what it shows (WCAG 2.5.3); the title says where it leads.
        title={t('caseLists.openCase', { patient: row.patientName })}
        data-testid="case-open"
      >
        <PreviewThumb row={row} reduced={reduced} />
        <span className="case-card-lines">
          <span className="case-card-line case-card-title">
            {!reduced && row.crypto === 1 && (
              <LockOutlined aria-label={t('cases.encrypted')} data-testid="case-lock" />
            )}
            <span className="case-card-patient" data-testid="case-patient">
              {row.patientName}
            </span>
            <UnreadMark count={unread} />
          </span>
          <span className={`case-card-line case-card-secondary${forwarded ? ' case-card-two-lines' : ''}`}>
            {partyText && `${partyText} · `}
            {forwarded && <span data-testid="case-third-party">{forwarded}</span>}
            {forwarded && ' · '}
            {t(caseTypeKey(row.caseType))}
          </span>
          <span className="case-card-line case-card-secondary case-card-status">
            {row.processStatus !== null ? (
              <ProcessTag status={row.processStatus} thirdParty={row.thirdPartyName} />
            ) : (
              !row.isSend && <DownloadedTag downloaded={downloadedBy(row, custId)} />
            )}
            <DateText value={row.time} />
          </span>
        </span>
      </Link>
      {(selection || actions) && (
        <span className="case-card-side">
          {selection && (
            <Checkbox
              checked={selection.selected}
              disabled={selection.disabled}
              onChange={(e) => selection.onChange(e.target.checked)}
              aria-label={t('cases.batch.select', { patient: row.patientName })}
              data-testid="case-select"
            />
          )}
          {actions}
        </span>
      )}
    </div>
  );
}

export function DirectionTag({ isSend }: { isSend: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={isSend ? 'geekblue' : 'green'} style={{ marginInlineEnd: 0 }}>
      {t(isSend ? 'cases.direction.sent' : 'cases.direction.received')}
    </Tag>
  );
}

export function CaseTypeText({ caseType }: { caseType: number }) {
  const { t } = useTranslation();
  return <span style={{ whiteSpace: 'nowrap' }}>{t(caseTypeKey(caseType))}</span>;
}

/** Lab progress; for a forwarded case the third party's name follows the status (product §4). */
export function ProcessTag({ status, thirdParty }: { status: number | null; thirdParty?: string | null }) {
  const { t } = useTranslation();
  if (status === null) return <Typography.Text type="secondary">{t('cases.progress.none')}</Typography.Text>;
  const text = t(processStatusKey(status));
  return (
    <Tag color={PROCESS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {thirdParty ? t('cases.forward.statusWith', { status: text, name: thirdParty }) : text}
    </Tag>
  );
}

/** Who has a forwarded case now: "Forwarded to <third party>" (the lab, the sender), "Forwarded by <lab>" (the third party). */
function forwardNote(row: CaseRow, t: TFunction): string | null {
  if (row.thirdPartyName) return t('cases.forward.to', { name: row.thirdPartyName });
  if (row.forwardedByName) return t('cases.forward.via', { name: row.forwardedByName });
  return null;
}

/**
 * The other party (product §2), and for a forwarded case who has it now: the lab and the sender see the third
 * party's name, the third party sees the lab that forwarded it.
 */
export function PartyCell({ row }: { row: CaseRow }) {
  const { t } = useTranslation();
  const name = otherPartyName(row) || '–';
  const note = forwardNote(row, t);
  return (
    <Flex vertical style={{ minWidth: 0, maxWidth: 220 }}>
      <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
      {note && (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: note }}
          style={{ fontSize: 12 }}
          data-testid="case-third-party"
        >
          {note}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function DownloadedTag({ downloaded }: { downloaded: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={downloaded ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
      {t(downloaded ? 'cases.downloaded.yes' : 'cases.downloaded.no')}
    </Tag>
  );
}

/** A server time in local time; "–" when there is none (`--`). */
export function DateText({ value }: { value: string | null | undefined }) {
  const text = localDateTime(value);
  return <span style={{ whiteSpace: 'nowrap' }}>{text ?? '–'}</span>;
}
