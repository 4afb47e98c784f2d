import { describe, expect, it } from 'vitest';
import {
  bindPayload,
  deviceNameFor,
  encryptionSwitchShown,
  isSelectableFormat,
  OFFERED_DECRYPT_FORMATS,
  nextDeviceName,
} from './bind.ts';

describe('bind-device form', () => {
  it('derives the name from the serial: C → P3, E → smart, anything else → P2', () => {
    expect(deviceNameFor('C10000001')).toBe('P3');
    expect(deviceNameFor(' e20000001')).toBe('smart');
    expect(deviceNameFor('P30000001')).toBe('P2');
    expect(deviceNameFor('X1')).toBe('P2');
    expect(deviceNameFor('  ')).toBe('');
  });

  it('keeps the name following the serial until the user types one', () => {
    expect(nextDeviceName('', 'C1', undefined)).toBe('P3');
    expect(nextDeviceName('C1', 'E1', 'P3')).toBe('smart');
    expect(nextDeviceName('C1', 'E1', 'Chair 2')).toBe('Chair 2');
    expect(nextDeviceName('C1', '', 'P3')).toBe('');
    expect(nextDeviceName('C1', 'E1', '  ')).toBe('smart');
  });

  it('shows the encryption switch only on cn and local hosts', () => {
    expect(encryptionSwitchShown('archway.cn')).toBe(true);
    expect(encryptionSwitchShown('cn.archway.example')).toBe(true);
    expect(encryptionSwitchShown('localhost')).toBe(true);
    expect(encryptionSwitchShown('127.0.0.1')).toBe(true);
    expect(encryptionSwitchShown('archway.example')).toBe(false);
    expect(encryptionSwitchShown('eu.archway.example')).toBe(false);
  });

  it('builds the bind body: trimmed, comCode 1, encryption only where the switch shows, color never', () => {
    const values = {
      serialnumber: ' C10000001 ',
      bindcodes: ' 123456 ',
      desc: '  chair 1 ',
      name: ' P3 ',
      radio: true,
      decryptvalue: 'stl' as const,
    };
    expect(bindPayload(values, { encryptionShown: true })).toEqual({
      number: 'C10000001',
      secret: '123456',
      name: 'P3',
      memo: 'chair 1',
      encryptType: 2,
      comCode: 1,
      scanType: 'stl',
    });
    expect(bindPayload({ ...values, desc: ' ' }, { encryptionShown: false })).toEqual({
      number: 'C10000001',
      secret: '123456',
      name: 'P3',
      encryptType: 1,
      comCode: 1,
      scanType: 'stl',
    });
    expect(bindPayload({ ...values, decryptvalue: 'color' }, { encryptionShown: true }).scanType).toBe('ply');
    expect(isSelectableFormat('color')).toBe(false);
    expect(isSelectableFormat('ply')).toBe(true);
    expect(OFFERED_DECRYPT_FORMATS).toEqual(['ply', 'stl']);
  });
});
