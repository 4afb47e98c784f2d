import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { until } from '../../testing/poll.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createBackups, nextTime } from './schedule.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const quiet = { info: () => undefined, warn: () => undefined };

describe('the nightly backup', () => {
  it('is at 03:00 UTC on the embedded database, off with DATABASE_URL unless set, off when asked', () => {
    expect(loadConfig({}).backupSchedule).toBe('03:00');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/archway' }).backupSchedule).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/archway', BACKUP_SCHEDULE: '01:30' }).backupSchedule,
    ).toBe('01:30');
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backupSchedule).toBeNull();
    expect(loadConfig({}).backupKeep).toBe(7);
    expect(loadConfig({ DATA_DIR: '/srv/archway' }).backupDir).toBe('/srv/archway/backups');
    expect(loadConfig({ BACKUP_DIR: '/mnt/b' }).backupDir).toBe('/mnt/b');
    expect(() => loadConfig({ BACKUP_SCHEDULE: '25:00' })).toThrow(/BACKUP_SCHEDULE/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('runs next at the set UTC minute', () => {
    expect(nextTime('03:00', new Date('2026-12-02T02:59:00Z')).toISOString()).toBe(
      '2026-12-02T03:00:00.000Z',
    );
    expect(nextTime('03:00', new Date('2026-12-02T03:00:00Z')).toISOString()).toBe(
      '2026-12-03T03:00:00.000Z',
    );
    expect(nextTime('00:15', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:15:00.000Z',
    );
  });

  it('is run by one process of several, and keeps BACKUP_KEEP backups', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const directory = await mkdtemp(path.join(tmpdir(), 'archway-backups-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const make = () =>
      createBackups({
        databaseUrl: t.env.DATABASE_URL!,
        storage: t.app.platform.storage,
        db: t.app.platform.db,
        directory,
        schedule: '03:00',
        keep: 1,
        log: quiet,
      });
    const [a, b] = [make(), make()];
    cleanups.push(
      () => a.stop(),
      () => b.stop(),
    );
    expect(a.nextRun()!.getUTCHours()).toBe(3);
    // Both processes' timers fire at the same minute: one backup.
    await Promise.all([a.runNightly(), b.runNightly()]);
    const list = await a.list();
    expect(list.backups.map((x) => [x.state, x.trigger])).toEqual([['done', 'schedule']]);
    expect(list.schedule).toBe('03:00');
    // A manual one later: with keep 1 the older one goes.
    const first = list.backups[0]!.name;
    const row = await a.start('console');
    // Done, and the older one removed after it (with keep 1).
    const names = await until(
      async () => {
        const now = await readdir(directory);
        return now.length === 1 && now[0] === row.name && now;
      },
      { what: 'the console backup done and the nightly one pruned' },
    );
    expect(names).not.toContain(first);
  });
});
