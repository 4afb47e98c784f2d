import { BoxRole, type CaseEventKind, type CaseHistory } from '@archway/contract';
import type { CaseRecord } from './cases.repository.ts';
import type { AuditEvent, HistoryAction, HistoryCopy } from './case-history.repository.ts';

/**
 * A case's history (`GET /api/case/history`): the case, its copies and its audit entries turned into events,
 * newest first (`historyEvents`), and the events the caller sees shaped into the answer (`presentHistory`). Who
 * sees which event is cases.access `historyVisible`; this only shapes.
 */

/** One event of the history, before the caller's rights are applied. */
export interface HistoryEvent {
  at: Date;
  /** Orders events of the same moment (the upload before its receipts, then the audit log's order). */
  seq: number;
  kind: CaseEventKind;
  /** The person's display name; null for the system (a receipt) or a share's recipient. */
  by: string | null;
  /** The organization whose event it is (for a share link's read: the one that made the link). */
  custId: string | null;
  /** Its name, as shown. */
  org: string | null;
  /** A share link's recipient did it: no person, no organization shown, never the caller's own. */
  recipient: boolean;
  detail: Record<string, string | number>;
}

/** Each audit action's kind. */
const KIND_OF: Record<HistoryAction, CaseEventKind> = {
  'case.download': 'downloaded',
  'case.downloaded': 'downloaded',
  'case.archive': 'downloaded',
  'case.convert': 'converted',
  'case.model': 'modelBuilt',
  'case.progress': 'status',
  'case.cancel': 'cancelled',
  'case.comment': 'commented',
  'case.forward': 'forwarded',
  'case.report.share': 'shared',
  'case.report.shared.read': 'shareRead',
  'case.report.revoke': 'shareRevoked',
  'case.recycle': 'recycled',
  'case.restore': 'restored',
};

/** Entries of one download (asking for the links, the archive, the finished call) within this long are one event. */
export const COLLAPSE_MS = 60_000;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function detailOf(e: AuditEvent, kind: CaseEventKind): Record<string, string | number> {
  switch (kind) {
    case 'converted': {
      const type = str(e.detail.type);
      return type ? { type } : {};
    }
    case 'status': {
      const status = Number(e.detail.status);
      return Number.isInteger(status) ? { status } : {};
    }
    case 'forwarded':
      return e.toName ? { to: e.toName } : {};
    default:
      return {};
  }
}

function eventOf(e: AuditEvent): HistoryEvent {
  const kind = KIND_OF[e.action];
  if (kind === 'shareRead')
    return {
      at: e.at,
      seq: e.id,
      kind,
      by: null,
      custId: str(e.detail.sharedBy) ?? null,
      org: null,
      recipient: true,
      detail: {},
    };
  return {
    at: e.at,
    seq: e.id,
    kind,
    by: e.userName,
    custId: e.custId,
    org: e.custName,
    recipient: false,
    detail: detailOf(e, kind),
  };
}

/**
 * What makes entries one event when they come within COLLAPSE_MS of the group's first: a person's download (the
 * links, the archive, the finished call), and the reads of one share link (each opening of the report page).
 */
function collapseKey(e: AuditEvent): string | null {
  const kind = KIND_OF[e.action];
  if (kind === 'downloaded') return `d|${e.userId ?? ''}|${e.custId ?? ''}`;
  if (kind === 'shareRead') return `r|${str(e.detail.share) ?? ''}`;
  return null;
}

/** The audit entries as events, oldest first, a download's entries collapsed into one (at its last entry's time). */
function auditHistory(entries: readonly AuditEvent[]): HistoryEvent[] {
  const oldestFirst = [...entries].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  const out: HistoryEvent[] = [];
  const open = new Map<string, { first: number; event: HistoryEvent }>();
  for (const e of oldestFirst) {
    const key = collapseKey(e);
    const group = key ? open.get(key) : undefined;
    if (key && group && e.at.getTime() - group.first <= COLLAPSE_MS) {
      group.event.at = e.at;
      group.event.seq = e.id;
      continue;
    }
    const event = eventOf(e);
    if (key) open.set(key, { first: e.at.getTime(), event });
    out.push(event);
  }
  return out;
}

/**
 * Every event of the case, newest first: its upload (the sender's, with the scanner's serial number), each copy's
 * receipt (a routed copy with the upload, a forwarded one when the lab forwarded it) and the audit log's entries.
 */
export function historyEvents(
  record: Pick<CaseRecord, 'createdAt' | 'senderCustId' | 'deviceSerial'>,
  sender: { name: string; uploadedBy: string | null },
  copies: readonly HistoryCopy[],
  entries: readonly AuditEvent[],
): HistoryEvent[] {
  const uploaded: HistoryEvent = {
    at: record.createdAt,
    seq: 0,
    kind: 'uploaded',
    by: sender.uploadedBy,
    custId: record.senderCustId,
    org: sender.name,
    recipient: false,
    detail: record.deviceSerial ? { device: record.deviceSerial } : {},
  };
  const received = copies
    .filter((c) => c.role === BoxRole.receiver)
    .map((c): HistoryEvent => ({
      at: (c.forwardedBy !== null ? c.forwardedAt : null) ?? record.createdAt,
      seq: (c.forwardedBy !== null ? c.forwardId : null) ?? 0,
      kind: 'received',
      by: null,
      custId: c.custId,
      org: c.custName,
      recipient: false,
      detail: {},
    }))
    // After the upload, or right after the forward that made it.
    .map((e) => ({ ...e, seq: e.seq + 0.5 }));
  return [uploaded, ...received, ...auditHistory(entries)].sort(
    (a, b) => b.at.getTime() - a.at.getTime() || b.seq - a.seq,
  );
}

/** The events the caller sees (already chosen by cases.access `historyVisible`), as the contract's answer. */
export function presentHistory(events: readonly HistoryEvent[], viewerCustId: string): CaseHistory {
  return {
    list: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      by: e.by,
      org: e.org,
      own: !e.recipient && e.custId === viewerCustId,
      detail: e.detail,
    })),
  };
}
