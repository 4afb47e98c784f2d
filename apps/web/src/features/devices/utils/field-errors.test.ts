import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/request.ts';
import { refusalField, showRefusal } from './field-errors.ts';

const refused = (key: string) => new ApiError('refused', -1, key, key, 400);

describe('device refusals at their field', () => {
  it('puts serial, area and already-registered refusals at the serial, code refusals at the code', () => {
    expect(refusalField(refused('errors.device.notFound'))).toBe('serial');
    expect(refusalField(refused('errors.device.notInArea'))).toBe('serial');
    expect(refusalField(refused('errors.device.alreadyRegistered'))).toBe('serial');
    expect(refusalField(refused('errors.device.wrongPassword'))).toBe('code');
    expect(refusalField(refused('errors.authorise.wrongPassword'))).toBe('code');
    expect(refusalField(refused('errors.device.nameEmpty'))).toBe('name');
    expect(refusalField(refused('errors.device.authorizedCannotUnbind'))).toBeNull();
    expect(refusalField(new Error('x'))).toBeNull();
  });

  it('shows a refusal at the form field when the form has it, else in a toast', () => {
    const setField = vi.fn();
    const toast = vi.fn();
    const translate = (key: string) => `T(${key})`;
    showRefusal(refused('errors.device.wrongPassword'), { code: 'secret' }, setField, translate, toast);
    expect(setField).toHaveBeenCalledWith('secret', 'T(errors.device.wrongPassword)');
    showRefusal(refused('errors.device.notFound'), { code: 'secret' }, setField, translate, toast);
    expect(toast).toHaveBeenCalledWith('T(errors.device.notFound)');
    showRefusal(new ApiError('duplicate', 0, 'x', 'x'), { code: 'secret' }, setField, translate, toast);
    expect(toast).toHaveBeenCalledTimes(1);
  });
});
