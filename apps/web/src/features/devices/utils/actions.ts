import type { DeviceAction } from '@archway/contract';

/**
 * Pure helpers for rendering the actions the server lists on each row (`row.actions`): which are
 * shown in red, and how a button group splits into what shows and a "More" menu.
 */

/** Actions that change or remove something and are shown in red. */
export const isDangerous = (action: DeviceAction) => action === 'unbind' || action === 'transfer';

/** Button groups show at most three items; the rest go into a "More" dropdown (product §2). */
export const INLINE_ACTIONS = 3;
export function splitActions<T>(actions: readonly T[], inline = INLINE_ACTIONS): { inline: T[]; more: T[] } {
  if (actions.length <= inline) return { inline: [...actions], more: [] };
  return { inline: actions.slice(0, inline - 1), more: actions.slice(inline - 1) };
}
