import { modelOf } from '@archway/contract';
import type { BindBody } from '../api/bind-device.ts';

/**
 * The bind-device form of product §3: serialnumber, bindcodes (hidden), desc, name (derived from
 * the serial), radio (the encryption switch, only on cn and local hosts) and decryptvalue.
 */
export interface BindFormValues {
  serialnumber: string;
  bindcodes: string;
  desc?: string;
  name: string;
  radio?: boolean;
  decryptvalue: DecryptFormat;
}

/** The longest device name (the contract's bind and update bodies). */
export const DEVICE_NAME_MAX = 64;

/** Default decryption formats; color is shown but cannot be chosen (product §4). */
export const DECRYPT_FORMATS = ['ply', 'stl', 'color'] as const;
export type DecryptFormat = (typeof DECRYPT_FORMATS)[number];
export const DEFAULT_DECRYPT_FORMAT: DecryptFormat = 'ply';
export const isSelectableFormat = (format: DecryptFormat) => format !== 'color';
/** What the form offers (issue 33: an option that cannot be chosen is not shown): ply and stl. */
export const OFFERED_DECRYPT_FORMATS: readonly DecryptFormat[] = DECRYPT_FORMATS.filter(isSelectableFormat);

/** The encryption switch is shown only on the cn host and on a local development host. */
export function encryptionSwitchShown(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host.includes('cn') || host === 'localhost' || host === '127.0.0.1';
}

/** The name a serial suggests: its model (C → P3, E → smart, anything else → P2); none for an empty serial. */
export function deviceNameFor(serial: string): string {
  return serial.trim() ? modelOf(serial) : '';
}

/**
 * The name after the serial changed: it follows the serial while it still is the suggestion of the
 * previous serial (or empty); a name the user typed stays.
 */
export function nextDeviceName(
  previousSerial: string,
  serial: string,
  currentName: string | undefined,
): string {
  const name = currentName ?? '';
  return name.trim() === '' || name === deviceNameFor(previousSerial) ? deviceNameFor(serial) : name;
}

/** The bind call's body: serial and code trimmed, comCode always 1, encryption only where the switch shows. */
export function bindPayload(
  values: BindFormValues,
  { encryptionShown }: { encryptionShown: boolean },
): BindBody {
  const memo = values.desc?.trim();
  return {
    number: values.serialnumber.trim(),
    secret: values.bindcodes.trim(),
    name: values.name.trim(),
    ...(memo ? { memo } : {}),
    encryptType: encryptionShown && values.radio ? 2 : 1,
    comCode: 1,
    scanType: values.decryptvalue === 'stl' ? 'stl' : 'ply',
  };
}
