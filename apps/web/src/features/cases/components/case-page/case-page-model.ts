import type { CaseAction, CaseEvent } from '@archway/contract';

/**
 * The pure parts of the case page (issue 32): which actions its header offers, how much time is left until the
 * due date, and which sentence tells a history event.
 */

/** What the page's header offers, in this order: the case's own actions, each only when the server allows it. */
export type PageAction =
  'download' | 'convert' | 'print' | 'forward' | 'share' | 'cancel' | 'recycle' | 'restore';

/**
 * The header's actions from the copy's `actions` (the server decides). `print` is the web's own case sheet and comes
 * with `detail`; `share` (a 3D report link) is refused by the server only for a copy in the bin, the same copies
 * `recycle` is refused for: the row has no `share` action of its own, so the page offers it with `recycle`.
 */
export function pageActions(actions: readonly CaseAction[]): PageAction[] {
  const has = new Set<string>(actions);
  const out: PageAction[] = [];
  if (has.has('download')) out.push('download');
  if (has.has('convert')) out.push('convert');
  if (has.has('detail')) out.push('print');
  if (has.has('forward')) out.push('forward');
  if (has.has('recycle')) out.push('share');
  if (has.has('cancel')) out.push('cancel');
  if (has.has('recycle')) out.push('recycle');
  if (has.has('restore')) out.push('restore');
  return out;
}

/** Actions that remove or stop something: red, and confirmed first. */
export const isDestructivePageAction = (action: PageAction) => action === 'cancel' || action === 'recycle';

export type TimeUnit = 'day' | 'week' | 'month';

/** How far a due date is from today: whole calendar days, and the unit and value to say it in. */
export interface DueIn {
  /** Calendar days from today (negative: overdue). */
  days: number;
  value: number;
  unit: TimeUnit;
  overdue: boolean;
}

const DAY_MS = 86_400_000;

/**
 * The time left until a due date (`YYYY-MM-DD`, a calendar date without a zone) as seen on `now`'s local calendar
 * day; null for none or an unreadable one. Days up to two weeks, then weeks up to eight, then months.
 */
export function dueIn(due: string | null | undefined, now: Date): DueIn | null {
  const match = due ? /^(\d{4})-(\d{2})-(\d{2})/.exec(due) : null;
  if (!match) return null;
  const dueDay = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((dueDay - today) / DAY_MS);
  if (!Number.isFinite(days)) return null;
  const abs = Math.abs(days);
  const sign = days < 0 ? -1 : 1;
  if (abs < 14) return { days, value: days, unit: 'day', overdue: days < 0 };
  if (abs < 56) return { days, value: sign * Math.round(abs / 7), unit: 'week', overdue: days < 0 };
  return { days, value: sign * Math.round(abs / 30), unit: 'month', overdue: days < 0 };
}

/** `dueIn` in words of the interface language ("tomorrow", "in 3 days", "2 weeks ago"). */
export function dueInText(due: DueIn, locale: string): string {
  try {
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(due.value, due.unit);
  } catch {
    return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(due.value, due.unit);
  }
}

/** A history event's sentence: a key under `casePage.history.events` and its values (translated by the caller). */
export interface EventSentence {
  key: string;
  values: Record<string, string | number>;
  /** Values that are themselves keys to translate first (a conversion's format, a progress status). */
  keys: Record<string, string>;
}

const PROCESS_NAMES: Record<number, string> = {
  1: 'received',
  2: 'processing',
  3: 'sent',
  4: 'finished',
  5: 'checkedIn',
};

const detailText = (event: CaseEvent, name: string): string | null => {
  const value = event.detail[name];
  return value === undefined || value === '' ? null : String(value);
};

/**
 * The sentence of one event: its kind's key, with a variant when a detail is known (`uploadedDevice`, `receivedBy`,
 * `convertedTo`, `statusTo`, `forwardedTo`, `commentedText`), and the person or organization who did it.
 */
export function eventSentence(event: CaseEvent): EventSentence {
  const who = event.by ?? event.org ?? '';
  const base = `casePage.history.events.${event.kind}`;
  const values: Record<string, string | number> = { who };
  const keys: Record<string, string> = {};
  switch (event.kind) {
    case 'uploaded': {
      const device = detailText(event, 'device');
      if (device) return { key: `${base}Device`, values: { ...values, device }, keys };
      break;
    }
    case 'received': {
      const org = detailText(event, 'org') ?? event.org;
      if (org) return { key: `${base}By`, values: { ...values, org }, keys };
      break;
    }
    case 'converted': {
      const type = detailText(event, 'type');
      if (type) return { key: `${base}To`, values, keys: { type: `cases.convert.types.${type}.name` } };
      break;
    }
    case 'status': {
      const status = Number(event.detail.status);
      const name = PROCESS_NAMES[status];
      if (name) return { key: `${base}To`, values, keys: { status: `cases.progress.${name}` } };
      break;
    }
    case 'forwarded': {
      const to = detailText(event, 'to');
      if (to) return { key: `${base}To`, values: { ...values, to }, keys };
      break;
    }
    case 'commented': {
      const text = detailText(event, 'text');
      if (text) return { key: `${base}Text`, values: { ...values, text }, keys };
      break;
    }
    default:
      break;
  }
  return { key: base, values, keys };
}

/** Every sentence key `eventSentence` can answer (the locale test checks each exists). */
export const EVENT_SENTENCE_KEYS: readonly string[] = [
  'uploaded',
  'uploadedDevice',
  'received',
  'receivedBy',
  'downloaded',
  'converted',
  'convertedTo',
  'modelBuilt',
  'status',
  'statusTo',
  'cancelled',
  'commented',
  'commentedText',
  'forwarded',
  'forwardedTo',
  'shared',
  'shareRead',
  'shareRevoked',
  'recycled',
  'restored',
];

/** The events grouped by their local calendar day, newest first as the server sends them. */
export function byDay<T extends { at: string }>(events: readonly T[]): { day: string; events: T[] }[] {
  const groups: { day: string; events: T[] }[] = [];
  for (const event of events) {
    const date = new Date(event.at);
    const day = Number.isNaN(date.getTime())
      ? ''
      : `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}
