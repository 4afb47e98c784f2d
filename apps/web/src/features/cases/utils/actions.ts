import type { CaseAction, CaseRow } from '@archway/contract';

/**
 * What a case card offers, from the row's `actions` (the server's presenter decides; the web keeps no copy of the
 * rules). `comment` opens the case's thread; `print` is the web's own (the printable case sheet) and comes with `detail`; `status` (lab progress) lives
 * in the detail dialog, not on the card.
 */
export type RowAction = Exclude<CaseAction, 'status'> | 'print' | 'comment';

/** The order buttons appear in: the spec's hover trio first (preview, download, detail), then the rest. */
export const ROW_ACTION_ORDER: readonly RowAction[] = [
  'preview',
  'download',
  'detail',
  'convert',
  'restore',
  'print',
  'comment',
  'forward',
  'cancel',
  'recycle',
  'purge',
];

/**
 * A row's buttons. Preview is also listed once the preview period has passed (`isPreview`), so that the card can
 * say why it is refused.
 */
export function rowActions(row: Pick<CaseRow, 'actions' | 'isPreview'>): RowAction[] {
  const allowed = new Set<RowAction>(
    row.actions.filter((a): a is Exclude<CaseAction, 'status'> => a !== 'status'),
  );
  if (row.isPreview) allowed.add('preview');
  if (allowed.has('detail')) allowed.add('print');
  // The case's thread (/caseComment?caseId=) opens for every copy not in the bin; the server's `comment` says whether
  // it takes new comments (past 90 days it is read-only).
  if (allowed.has('detail') && !allowed.has('restore')) allowed.add('comment');
  return ROW_ACTION_ORDER.filter((action) => allowed.has(action));
}

/** Button groups show at most three buttons; anything past them goes into a "More" dropdown (product §2). */
export const INLINE_ACTIONS = 3;
export function groupActions<T>(actions: readonly T[], inline = INLINE_ACTIONS): { inline: T[]; more: T[] } {
  return { inline: actions.slice(0, inline), more: actions.slice(inline) };
}

/** Actions that remove or stop something: red, and confirmed first. */
export const isDestructive = (action: RowAction) =>
  action === 'cancel' || action === 'recycle' || action === 'purge';
