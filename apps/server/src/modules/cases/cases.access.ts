import {
  BoxRole,
  CaseErrors,
  CaseStatus,
  CommentErrors,
  CompareErrors,
  CustErrors,
  CustStatus,
  CustType,
  DesignErrors,
  ForwardErrors,
  ModelErrors,
  PREVIEW_DAYS,
  type CaseEventKind,
  type ErrorDef,
} from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/auth.ts';
import { roleOf } from '../devices/devices.access.ts';
import * as repo from './cases.repository.ts';
import type { BoxRow } from './cases.repository.ts';

/**
 * The case rules, written once: what an organization may do with its copy of a case (`refusalOf`, `accessOf`), a
 * page's copies and rights in one query (`copiesOf`), and the checks a call makes before it acts. Imports only its
 * repository, another module's access file along the graph, the contract and `AppError` (ARCHITECTURE.md, "The
 * layers of a module"); the request plumbing (the Scope, audit entries) is cases.scope.ts.
 */

const DAY_MS = 86_400_000;

export const refuse = (def: ErrorDef): never => {
  throw new AppError(def);
};

/** The caller's organization; case calls need one. */
export function custOf(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

/**
 * Case control that needs a verified organization: setting lab progress, and downloading a case received from
 * someone else. An organization under review or whose audit failed gets "certification required". Its own sent
 * cases, the list, the detail and the recycle bin stay open to it.
 */
export async function requireCertified(s: { db: Queryable; actor: Actor }): Promise<void> {
  const status = await repo.orgStatus(s.db, custOf(s.actor));
  if (status !== CustStatus.authorized) refuse(CaseErrors.certificationRequired);
}

/** Whether the actor may upload with this device: its owner, a borrower in its window, a device user in theirs. */
export async function mayUploadWith(
  db: Queryable,
  device: { id: string; ownerCustId: string },
  actor: Actor,
) {
  const role = await roleOf(db, device, actor);
  return role === 'owner' || role === 'authorized' || role === 'user';
}

// ---- the caller's copies, and what it may do with each: the case rules, written once ------------------------

/** Before a lab starts work, the sender may still cancel. */
export const CANCELLABLE: readonly number[] = [
  CaseStatus.awaitingFile,
  CaseStatus.uploading,
  CaseStatus.awaitingLab,
  CaseStatus.uploadError,
];

/** True once the preview and comment window (90 days after the first upload) has passed. */
export const previewExpired = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() > PREVIEW_DAYS * DAY_MS;

/**
 * What an organization may do with its copy of a case. The row's `actions` are the ones of these the contract
 * names (cases.presenter); the others are asked by the services that do them: `comment` (post a comment),
 * `design` (the sender writes the design), `designNote` (a receiver writes its note), `share` (a report link),
 * `model` (start a model build), `models` (see its model builds), `compare` (a side of a comparison).
 */
export const CaseRights = [
  'preview',
  'download',
  'detail',
  'convert',
  'status',
  'cancel',
  'forward',
  'recycle',
  'restore',
  'purge',
  'comment',
  'design',
  'designNote',
  'share',
  'model',
  'models',
  'compare',
] as const;
export type CaseRight = (typeof CaseRights)[number];

/** The caller's rights on one copy, and the facts its row shows with them. */
export interface CaseAccess {
  /** The 90-day preview and comment window has passed (the row's `isPreview`). */
  expired: boolean;
  rights: readonly CaseRight[];
}

/** The facts of a copy the rules read (a BoxRow has them). */
type CopyFacts = Pick<BoxRow, 'box' | 'record'>;

/**
 * Why the caller may not do `right` with its copy of a case, or null when it may: every case rule, in one place.
 * A copy in the bin may only be shown, restored or emptied. The organization's certification, the download limits
 * and what a call asks for (a target status, parameters) are checked by the service that does it.
 */
export function refusalOf(
  copy: CopyFacts,
  right: CaseRight,
  now: Date,
  viewerCustType?: number | null,
): ErrorDef | null {
  const { box, record } = copy;
  const binned = box.recycledAt !== null;
  const sender = box.role === BoxRole.sender;
  const receiver = box.role === BoxRole.receiver;
  const expired = previewExpired(record.createdAt, now);
  const crypto = record.crypto === 1;
  const cancelled = record.status === CaseStatus.cancelled;
  switch (right) {
    case 'detail':
      return null;
    case 'restore':
    case 'purge':
      return binned ? null : CaseErrors.notFound;
    case 'status':
      return !binned && receiver && !cancelled ? null : CaseErrors.statusNotAllowed;
    case 'cancel':
      return !binned && sender && CANCELLABLE.includes(record.status) ? null : CaseErrors.statusNotAllowed;
    case 'forward':
      return forwardRefusal(copy, viewerCustType);
    case 'compare':
      return binned ? CompareErrors.notFound : crypto ? CompareErrors.encrypted : null;
  }
  if (binned) return CaseErrors.notFound;
  switch (right) {
    case 'preview':
      // The server never holds an encrypted scan in clear: nothing to show (the catalogue's message for it).
      return expired ? CaseErrors.previewExpired : crypto ? CaseErrors.encryptedNoConversion : null;
    case 'comment':
      return expired ? CommentErrors.expired : null;
    case 'convert':
      return crypto ? CaseErrors.encryptedNoConversion : null;
    case 'model':
      return crypto ? ModelErrors.encrypted : null;
    case 'design':
      return sender ? null : DesignErrors.notSender;
    case 'designNote':
      return receiver ? null : DesignErrors.notReceiver;
    default:
      // download, recycle, share, models
      return null;
  }
}

/** Only a lab forwards cases (to a third party it cooperates with). */
export const forwardsCases = (custType?: number | null) => custType === CustType.lab;

/**
 * Whether a lab may forward its copy to a third party: a case it received from the sender (not one forwarded to
 * it), not forwarded yet, not encrypted (only the receiver can open it), not cancelled. The cooperation and the
 * lab's certification are checked when it forwards (the dialog lists the open cooperations).
 */
function forwardRefusal(copy: CopyFacts, viewerCustType?: number | null): ErrorDef | null {
  const { box, record } = copy;
  if (!forwardsCases(viewerCustType)) return ForwardErrors.notLab;
  if (box.recycledAt) return CaseErrors.notFound;
  if (box.role !== BoxRole.receiver || box.forwardedBy !== null) return ForwardErrors.notReceived;
  if (record.crypto) return ForwardErrors.encrypted;
  if (record.status === CaseStatus.cancelled) return ForwardErrors.cancelled;
  if (box.forwardedTo !== null) return ForwardErrors.already;
  return null;
}

/** The caller's rights on its copy (pure: the copy's row already holds every fact the rules read). */
export const accessOf = (copy: CopyFacts, now: Date, viewerCustType?: number | null): CaseAccess => ({
  expired: previewExpired(copy.record.createdAt, now),
  rights: CaseRights.filter((r) => refusalOf(copy, r, now, viewerCustType) === null),
});

/**
 * The caller's copies of a page of cases and its rights on each, in ONE query (the copies of other organizations'
 * cases, and copies emptied from the bin, are simply absent), as devices.access `rolesFor` does for devices.
 */
export async function copiesOf(
  db: Queryable,
  actor: Actor,
  caseIds: readonly string[],
  now = new Date(),
): Promise<Map<string, { copy: BoxRow; access: CaseAccess }>> {
  const out = new Map<string, { copy: BoxRow; access: CaseAccess }>();
  if (!actor.custId || !caseIds.length) return out;
  for (const copy of await repo.findBoxes(db, [...new Set(caseIds)], actor.custId))
    out.set(copy.record.id, { copy, access: accessOf(copy, now, actor.custType) });
  return out;
}

/** The caller's copy of a case (not emptied from its bin), or undefined: another organization's case is "missing". */
export const findCopy = async (db: Queryable, actor: Actor, id: string, opts: { lock?: boolean } = {}) =>
  repo.findBox(db, id, custOf(actor), opts);

/**
 * The caller's copies in its bin that it may empty (every one of them: `purge` is offered on each binned copy), in
 * one query. `purge` of the whole bin empties exactly these.
 */
export async function purgeableCopies(db: Queryable, actor: Actor, now = new Date()): Promise<BoxRow[]> {
  return (await repo.binnedBoxes(db, custOf(actor))).filter(
    (copy) => refusalOf(copy, 'purge', now, actor.custType) === null,
  );
}

/** Refuses with the right's own refusal when the caller's copy does not allow it. */
export function requireRight(s: { actor: Actor }, copy: CopyFacts, right: CaseRight, now = new Date()): void {
  const why = refusalOf(copy, right, now, s.actor.custType);
  if (why) refuse(why);
}

// ---- the case's history: which events an organization sees ------------------------------------------------

/**
 * What another organization's event may show: the case's course as both sides already see it on the card. The
 * rest (forwards, share links and their reads, conversions, models, the bin) stays with the organization that did
 * it.
 */
export const SHARED_HISTORY_KINDS: readonly CaseEventKind[] = [
  'uploaded',
  'received',
  'downloaded',
  'status',
  'cancelled',
  'commented',
];

/** Who reads a case's history: its organization, its copy, and the other organizations it may see on the case. */
export interface HistoryViewer {
  custId: string;
  role: number;
  /** The organizations whose shared events it sees (its card's parties: cases.presenter `receiversSeenBy`). */
  seen: ReadonlySet<string>;
}

/**
 * The viewer of a case's history and the organizations it sees on the case, as its card shows them: the sender
 * sees the receivers the case was routed to (never a third party a lab forwarded it to); a receiver sees the
 * sender, and a lab that forwarded the case its third party; the third party sees the sender and that lab. Another
 * receiver of the same case stays unseen, as on the card.
 */
export function historyViewer(
  custId: string,
  copy: Pick<BoxRow['box'], 'role' | 'forwardedTo' | 'forwardedBy'>,
  senderCustId: string,
  copies: readonly { custId: string; role: number; forwardedBy: string | null }[],
): HistoryViewer {
  const seen = new Set<string>();
  if (copy.role === BoxRole.sender) {
    for (const c of copies) if (c.role === BoxRole.receiver && c.forwardedBy === null) seen.add(c.custId);
  } else {
    seen.add(senderCustId);
    if (copy.forwardedTo) seen.add(copy.forwardedTo);
    if (copy.forwardedBy) seen.add(copy.forwardedBy);
  }
  seen.delete(custId);
  return { custId, role: copy.role, seen };
}

/**
 * Whether the viewer sees an event of the case's history (`custId`: the organization whose event it is; for a
 * share link's read, the organization that made the link). Every event of its own organization; of another
 * organization only the kinds of SHARED_HISTORY_KINDS, and of those: a comment from anyone (the comment list
 * shows them all); a receipt only the sender, of the receivers it sees (a receiver sees only its own); the rest
 * (upload, downloads, lab progress, cancel) of the organizations it sees on the case (`historyViewer`).
 */
export function historyVisible(
  viewer: HistoryViewer,
  event: { kind: CaseEventKind; custId: string | null },
): boolean {
  if (event.custId !== null && event.custId === viewer.custId) return true;
  if (event.custId === null || !SHARED_HISTORY_KINDS.includes(event.kind)) return false;
  if (event.kind === 'commented') return true;
  if (event.kind === 'received') return viewer.role === BoxRole.sender && viewer.seen.has(event.custId);
  return viewer.seen.has(event.custId);
}
