import { CustType, type ReceiverEntry, type ReceiverRow } from '@archway/contract';

export { CASE_TYPES, caseTypeKey } from '../../../shared/case-types.ts';

/** Translation key of an organization type in receiver lists: 2 clinic, 3 lab, anything else other. */
export function receiverTypeKey(custType: number): string {
  if (custType === CustType.clinic) return 'org.type.clinic';
  if (custType === CustType.lab) return 'org.type.lab';
  return 'org.type.other';
}

/** One receiver entry (one case type) with its organization: an entry of a server row, flattened. */
export interface ReceiverEntryRow extends ReceiverEntry {
  custId: string;
  custName: string;
  custType: number;
  phone: string | null;
  email: string | null;
  privacy: number;
}

/** One receiver organization of a device: its entries merged (product §3), as the table shows it. */
export interface MergedReceiver {
  custId: string;
  custName: string;
  custType: number;
  phone: string | null;
  email: string | null;
  privacy: number;
  /** Every entry of this organization, one per case type. */
  entries: ReceiverEntryRow[];
  /** The case types collected into a list, sorted. */
  caseTypes: number[];
  ids: string[];
  /** The ids of the entries this caller may delete (the server's showDelete). */
  deletableIds: string[];
  siginUserIds: string[];
  /** -1 when one of its entries can no longer receive. */
  allowStatus: number;
  showDelete: boolean;
}

/** The entries of the server's rows (one row per organization, calls §3), each with its organization. */
export const entriesOf = (rows: readonly ReceiverRow[]): ReceiverEntryRow[] =>
  rows.flatMap((row) =>
    row.entries.map((entry) => ({
      custId: row.custId,
      custName: row.custName,
      custType: row.custType,
      phone: row.phone,
      email: row.email,
      privacy: row.privacy,
      ...entry,
    })),
  );

/** Entries with the same custId become one row whose fields are collected into lists; first-seen order. */
function merge(entries: readonly ReceiverEntryRow[]): MergedReceiver[] {
  const merged = new Map<string, MergedReceiver>();
  for (const row of entries) {
    let entry = merged.get(row.custId);
    if (!entry) {
      entry = {
        custId: row.custId,
        custName: row.custName,
        custType: row.custType,
        phone: row.phone,
        email: row.email,
        privacy: row.privacy,
        entries: [],
        caseTypes: [],
        ids: [],
        deletableIds: [],
        siginUserIds: [],
        allowStatus: row.allowStatus,
        showDelete: false,
      };
      merged.set(row.custId, entry);
    }
    entry.entries.push(row);
    if (!entry.caseTypes.includes(row.caseType)) entry.caseTypes.push(row.caseType);
    entry.ids.push(row.id);
    if (row.showDelete) entry.deletableIds.push(row.id);
    if (!entry.siginUserIds.includes(row.siginUserId)) entry.siginUserIds.push(row.siginUserId);
    entry.allowStatus = Math.min(entry.allowStatus, row.allowStatus);
    entry.showDelete ||= row.showDelete;
    entry.phone ??= row.phone;
    entry.email ??= row.email;
  }
  for (const entry of merged.values()) entry.caseTypes.sort((a, b) => a - b);
  return [...merged.values()];
}

/** The server's rows as the table shows them: one per organization, with its entries' ids and signers. */
export const mergeReceivers = (rows: readonly ReceiverRow[]): MergedReceiver[] => merge(entriesOf(rows));

/** Only the entries of one case type (null: all), merged per organization. */
export function receiversFor(rows: readonly ReceiverRow[], caseType: number | null): MergedReceiver[] {
  const entries = entriesOf(rows);
  return merge(caseType === null ? entries : entries.filter((entry) => entry.caseType === caseType));
}

/**
 * Entries with allowStatus -1 are deleted automatically (product §4): one delete per organization with
 * their ids. Only entries the server lets this caller delete (showDelete) are sent (it deletes all or
 * nothing), and never the same id twice.
 */
export function automaticDeletes(
  rows: readonly ReceiverRow[],
  alreadyTried: ReadonlySet<string> = new Set(),
): { custId: string; ids: string[] }[] {
  const byCust = new Map<string, string[]>();
  for (const entry of entriesOf(rows)) {
    if (entry.allowStatus !== -1 || !entry.showDelete || alreadyTried.has(entry.id)) continue;
    byCust.set(entry.custId, [...(byCust.get(entry.custId) ?? []), entry.id]);
  }
  return [...byCust].map(([custId, ids]) => ({ custId, ids }));
}

/** True when some of the entries cannot be deleted by this caller (the deusererror case). */
export const partlyDeletable = (receiver: MergedReceiver) =>
  receiver.deletableIds.length > 0 && receiver.deletableIds.length < receiver.ids.length;
