import type { DeviceRole } from '@archway/contract';

/**
 * What the caller may do with a device, by its role (product §6): the owner everything; an
 * authorized organization manages the data transfer and the people it lets use the device (and
 * sees its own authorization); device users and receivers may only look.
 */
export const DEVICE_ACTIONS = [
  'receivers',
  'authorize',
  'authorizations',
  'users',
  'detail',
  'edit',
  'transfer',
  'unbind',
] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

export function allowedActions(role: DeviceRole): DeviceAction[] {
  switch (role) {
    case 'owner':
      return [...DEVICE_ACTIONS];
    case 'authorized':
      return ['receivers', 'authorizations', 'users', 'detail'];
    case 'user':
    case 'receiver':
      return ['detail'];
    default:
      return [];
  }
}

/** Only the owner changes, recalls, extends or restores authorizations. */
export const canManageAuthorizations = (role: DeviceRole) => role === 'owner';

/** Actions that change or remove something and are shown in red. */
export const isDangerous = (action: DeviceAction) => action === 'unbind' || action === 'transfer';

/** Button groups show at most three items; the rest go into a "More" dropdown. */
export const INLINE_ACTIONS = 3;
export function splitActions<T>(actions: readonly T[], inline = INLINE_ACTIONS): { inline: T[]; more: T[] } {
  if (actions.length <= inline) return { inline: [...actions], more: [] };
  return { inline: actions.slice(0, inline - 1), more: actions.slice(inline - 1) };
}
