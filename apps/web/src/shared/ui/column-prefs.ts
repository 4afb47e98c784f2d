import { readLocal, writeLocal } from '../storage-keys.ts';

/**
 * The shared table's column preference per page (product §3 "Column preference per page: label, shown
 * flag, order"; §5 "Column chooser: 1 to 15 columns"). Stored in localStorage under
 * `table-columns:<pageKey>` as a JSON list; unknown or malformed entries are ignored.
 */
export const MIN_SHOWN_COLUMNS = 1;
export const MAX_SHOWN_COLUMNS = 15;

export interface ColumnPref {
  key: string;
  label: string;
  shown: boolean;
  order: number;
}

/** What the page declares about one column (its key, current label and whether it shows by default). */
export interface ColumnDecl {
  key: string;
  label: string;
  defaultHidden?: boolean;
}

export const columnPrefsStorageKey = (pageKey: string) => `table-columns:${pageKey}`;

/** The default preference: declaration order, shown unless hidden by default, at most 15 shown. */
export function defaultPrefs(columns: readonly ColumnDecl[]): ColumnPref[] {
  return enforceLimits(
    columns.map((c, order) => ({ key: c.key, label: c.label, shown: !c.defaultHidden, order })),
  );
}

function isPref(value: unknown): value is ColumnPref {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.shown === 'boolean' &&
    typeof v.order === 'number' &&
    Number.isFinite(v.order)
  );
}

/**
 * Reconciles a stored preference with the columns the page declares now: stored columns keep their
 * order and shown flag, columns the page no longer has are dropped, new columns are appended with their
 * default, labels follow the page (the language may have changed), and the 1–15 limits hold.
 */
export function mergePrefs(stored: unknown, columns: readonly ColumnDecl[]): ColumnPref[] {
  if (!Array.isArray(stored)) return defaultPrefs(columns);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const seen = new Set<string>();
  const kept = stored
    .filter(isPref)
    .filter((p) => byKey.has(p.key) && !seen.has(p.key) && seen.add(p.key))
    .sort((a, b) => a.order - b.order)
    .map((p) => ({ key: p.key, label: byKey.get(p.key)!.label, shown: p.shown, order: 0 }));
  const added = columns
    .filter((c) => !seen.has(c.key))
    .map((c) => ({ key: c.key, label: c.label, shown: !c.defaultHidden, order: 0 }));
  return enforceLimits([...kept, ...added]);
}

/** Renumbers the order and keeps between 1 and 15 columns shown (the first ones win). */
export function enforceLimits(prefs: readonly ColumnPref[]): ColumnPref[] {
  let shown = 0;
  const result = prefs.map((p, order) => {
    const show = p.shown && shown < MAX_SHOWN_COLUMNS;
    if (show) shown += 1;
    return { ...p, shown: show, order };
  });
  if (shown < MIN_SHOWN_COLUMNS && result.length > 0) result[0] = { ...result[0]!, shown: true };
  return result;
}

/** Shows or hides one column; refused (unchanged) when it would leave 0 or more than 15 shown. */
export function toggleColumn(
  prefs: readonly ColumnPref[],
  key: string,
  { shown }: { shown: boolean },
): ColumnPref[] {
  const count = prefs.filter((p) => p.shown).length;
  const target = prefs.find((p) => p.key === key);
  if (!target || target.shown === shown) return [...prefs];
  if (!shown && count <= MIN_SHOWN_COLUMNS) return [...prefs];
  if (shown && count >= MAX_SHOWN_COLUMNS) return [...prefs];
  return prefs.map((p) => (p.key === key ? { ...p, shown } : p));
}

/** Moves one column up (-1) or down (+1) in the order. */
export function moveColumn(prefs: readonly ColumnPref[], key: string, by: -1 | 1): ColumnPref[] {
  const from = prefs.findIndex((p) => p.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= prefs.length) return [...prefs];
  const next = [...prefs];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next.map((p, order) => ({ ...p, order }));
}

/** Whether a column may be hidden / shown now (for disabling the chooser's checkboxes). */
export function canToggle(prefs: readonly ColumnPref[], key: string): boolean {
  const target = prefs.find((p) => p.key === key);
  if (!target) return false;
  const count = prefs.filter((p) => p.shown).length;
  return target.shown ? count > MIN_SHOWN_COLUMNS : count < MAX_SHOWN_COLUMNS;
}

export function loadColumnPrefs(pageKey: string, columns: readonly ColumnDecl[]): ColumnPref[] {
  const raw = readLocal(columnPrefsStorageKey(pageKey));
  if (raw === null) return defaultPrefs(columns);
  try {
    return mergePrefs(JSON.parse(raw), columns);
  } catch {
    return defaultPrefs(columns);
  }
}

export function saveColumnPrefs(pageKey: string, prefs: readonly ColumnPref[]): void {
  writeLocal(columnPrefsStorageKey(pageKey), JSON.stringify(prefs));
}

export function clearColumnPrefs(pageKey: string): void {
  try {
    globalThis.localStorage?.removeItem(columnPrefsStorageKey(pageKey));
  } catch {
    // storage unavailable
  }
}

/** The table's view: chosen by the user, or automatic (cards below 768 px). */
export type TableView = 'auto' | 'table' | 'cards';
export const tableViewStorageKey = (pageKey: string) => `table-view:${pageKey}`;

export function loadTableView(pageKey: string): TableView {
  const raw = readLocal(tableViewStorageKey(pageKey));
  return raw === 'table' || raw === 'cards' ? raw : 'auto';
}

export function saveTableView(pageKey: string, view: TableView): void {
  writeLocal(tableViewStorageKey(pageKey), view);
}

/** Cards when the user chose them, or automatically on a narrow screen. */
export function showsCards(view: TableView, { narrow }: { narrow: boolean }): boolean {
  return view === 'cards' || (view === 'auto' && narrow);
}

/**
 * For a table paged on the client: the page to show so that it is never past the last one (after rows
 * were removed, a later page would be empty — it steps back).
 */
export function clampPage(current: number, pageSize: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return Math.min(Math.max(1, current), last);
}
