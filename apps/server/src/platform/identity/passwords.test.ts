import { describe, expect, it } from 'vitest';
import {
  Gate,
  HASH_CONCURRENCY,
  hashGate,
  HashQueueFull,
  hashPassword,
  verifyPassword,
} from './passwords.ts';

describe('the hashing gate', () => {
  it('runs at most `slots` at once, queues the rest and refuses past the queue bound', async () => {
    const gate = new Gate(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    /** Told when a job has started and waits for its release. */
    let started = () => {};
    const job = () =>
      gate.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => {
          releases.push(r);
          started();
        });
        running--;
        return 'done';
      });
    const accepted = Array.from({ length: 5 }, job);
    await Promise.resolve();
    expect(gate.stats).toMatchObject({ active: 2, queued: 3 });
    await expect(job()).rejects.toBeInstanceOf(HashQueueFull);
    // An unbounded caller (setting a password) still waits its turn.
    const unbounded = gate.run(async () => 'set', { bounded: false });
    expect(gate.stats.queued).toBe(4);
    // Each of the five is released once it runs: the gate starts the next queued one as a slot frees.
    for (let i = 0; i < 5; i++) {
      if (!releases.length) await new Promise<void>((r) => (started = r));
      releases.shift()!();
    }
    expect(await Promise.all(accepted)).toEqual(Array(5).fill('done'));
    expect(await unbounded).toBe('set');
    expect(peak).toBe(2);
    expect(gate.stats).toEqual({ active: 0, queued: 0, completed: 6 });
  });

  it('frees its slot when the job fails', async () => {
    const gate = new Gate(1, 1);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 1)).toBe(1);
    expect(gate.stats.active).toBe(0);
  });

  it('hashes and verifies through the process gate, never more than HASH_CONCURRENCY at once', async () => {
    expect(HASH_CONCURRENCY).toBeLessThanOrEqual(2);
    const hash = await hashPassword('s3cret_pw');
    const checks = await Promise.all(
      ['s3cret_pw', 'wrong', 's3cret_pw', 'S3cret_pw'].map((p) => verifyPassword(p, hash)),
    );
    expect(checks).toEqual([true, false, true, false]);
    expect(hashGate.stats.active).toBe(0);
  });
});
