import dayjs from 'dayjs';
import {
  EXPIRY_PRESETS,
  isPermanent,
  type AuthorizationRow,
  type DeviceRow,
  type ExpiryFlag,
  type ExpiryPreset,
} from '@archway/contract';

/** The presets of product §9, in order: today … 5 years, permanent. */
export const PRESETS: readonly ExpiryPreset[] = EXPIRY_PRESETS;
export const presetKey = (preset: ExpiryPreset) => `devices.presets.${preset}`;

/** Tag colour and text key of an expiry flag; a normal expiry has no tag. */
export const FLAG_TAGS: Record<Exclude<ExpiryFlag, 'normal'>, { color: string; key: string }> = {
  dueSoon: { color: 'orange', key: 'devices.flags.dueSoon' },
  expired: { color: 'red', key: 'devices.flags.expired' },
  permanent: { color: 'green', key: 'devices.flags.permanent' },
};

/** The server's "YYYY-MM-DD HH:mm:ss" (UTC) as a local date and time; null for permanent. */
export function expiryDisplay(expireTime: string): string | null {
  if (isPermanent(expireTime)) return null;
  const date = new Date(`${expireTime.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? expireTime : dayjs(date).format('L LT');
}

/** Authorizations still running (the count the device list shows). */
export const activeAuthorizations = (device: DeviceRow) =>
  device.authorizations.filter((a) => a.status === 'active');

export type AuthStatus = AuthorizationRow['status'];
export const STATUS_COLORS: Record<AuthStatus, string> = {
  active: 'green',
  recalled: 'default',
  expired: 'red',
};

/**
 * The flag an authorization shows: only a running one has one. A recalled or expired one says what
 * it is in its status; its old end is no longer "expired" or "due soon".
 */
export const authorizationFlag = (auth: Pick<AuthorizationRow, 'status' | 'flag'>): ExpiryFlag =>
  auth.status === 'active' ? auth.flag : 'normal';
