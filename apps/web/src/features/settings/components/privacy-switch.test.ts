import { describe, expect, it } from 'vitest';
import { runMasterSwitch, switchView } from './privacy-switch.ts';

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

describe('the master switch sequence (product §4)', () => {
  const recorder = (failOn?: string) => {
    const calls: string[] = [];
    const step = (name: string) => async () => {
      calls.push(name);
      if (name === failOn) throw new Error(name);
    };
    return {
      calls,
      steps: {
        show: (bit: number) => step(`PUT ${bit}`)(),
        hide: (bit: number) => step(`DELETE ${bit}`)(),
        notices: (on: boolean) => step(`notices ${on}`)(),
        wait: (ms: number) => step(`wait ${ms}`)(),
      },
    };
  };

  it('on: e-mail, 100 ms, phone, then the notices true', async () => {
    const r = recorder();
    await runMasterSwitch({ on: true }, r.steps);
    expect(r.calls).toEqual(['PUT 2', 'wait 100', 'PUT 4', 'notices true']);
  });

  it('off: every bit hidden, then the notices false', async () => {
    const r = recorder();
    await runMasterSwitch({ on: false }, r.steps);
    expect(r.calls).toEqual(['DELETE 2', 'DELETE 4', 'DELETE 8', 'notices false']);
  });

  it('stops at the first refused step', async () => {
    const r = recorder('DELETE 4');
    await expect(runMasterSwitch({ on: false }, r.steps)).rejects.toThrow('DELETE 4');
    expect(r.calls).toEqual(['DELETE 2', 'DELETE 4']);
  });
});
