import { describe, expect, it } from 'vitest';
import { switchView } from './privacy-switch.ts';

describe('the privacy switch view (product §4)', () => {
  it('treats a server value of exactly 0 as all hidden, switch off', () => {
    expect(switchView(0)).toEqual({ master: false, email: false, phone: false, address: false });
  });
  it('shows each cleared bit as visible; the master is on while e-mail or phone is visible', () => {
    expect(switchView(14)).toEqual({ master: false, email: false, phone: false, address: false });
    expect(switchView(8)).toEqual({ master: true, email: true, phone: true, address: false });
    expect(switchView(12)).toEqual({ master: true, email: true, phone: false, address: false });
    expect(switchView(6)).toEqual({ master: false, email: false, phone: false, address: true });
    expect(switchView(2)).toEqual({ master: true, email: false, phone: true, address: true });
  });
});
