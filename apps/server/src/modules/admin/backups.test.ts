import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupErrors, backupList, backupRow } from '@archway/contract';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { BACKUP_RUN_LOCK } from '../../platform/backup/backup.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const refused = (def: { code: number; key: string }) => ({
  success: false,
  errorCode: def.code,
  data: { key: def.key },
});

describe('the console: backups (/api2/admin/backups)', () => {
  let t: TestApp;
  let admin: PersonRef;
  let member: PersonRef;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await platformAdmin(t.app);
    member = (await factories(t.app).org()).owner;
  });
  afterAll(() => t.close());

  it('lets an administrator list backups and start one, which runs in the background and is done', async () => {
    const empty = await admin.call('GET', '/api2/admin/backups');
    expect(empty.status).toBe(200);
    expect(backupList.parse(empty.body.data)).toEqual({
      backups: [],
      directory: path.join(t.dataDir, 'backups'),
      schedule: null, // an external database: off unless BACKUP_SCHEDULE says otherwise
      keep: 7,
    });

    const started = await admin.call('POST', '/api2/admin/backups');
    expect(started.status).toBe(200);
    const row = backupRow.parse(started.body.data);
    expect(row).toMatchObject({ state: 'running', trigger: 'console', finishedAt: null });
    expect(row.name).toMatch(/^archway-backup-\d{8}T\d{6}Z(-\d+)?$/);

    const done = await until(async () => {
      const list = backupList.parse((await admin.call('GET', '/api2/admin/backups')).body.data);
      const b = list.backups.find((x) => x.name === row.name);
      return b?.state === 'done' && b;
    });
    expect(done.sizeBytes).toBeGreaterThan(0);
    expect(done.rows).toBeGreaterThan(0);
    expect(done.finishedAt).not.toBeNull();

    const audited = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'console.backup'), eq(auditLog.objectId, row.name)));
    expect(audited).toMatchObject([{ outcome: 'allowed', actorUserId: admin.userId }]);
  });

  it('refuses a backup while another one runs (any process on the database)', async () => {
    // Another process's backup holds the run lock.
    const other = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [BACKUP_RUN_LOCK]);
      const res = await admin.call('POST', '/api2/admin/backups');
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject(refused(BackupErrors.running));
      const [last] = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'console.backup'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(last).toMatchObject({ outcome: 'refused', detail: { key: 'backup.running' } });
    } finally {
      await other.end();
    }
  });

  it('refuses everyone but administrators', async () => {
    for (const [method, url] of [
      ['GET', '/api2/admin/backups'],
      ['POST', '/api2/admin/backups'],
    ] as const) {
      const asMember = await member.call(method, url);
      expect(asMember.status).toBe(403);
      expect(asMember.body.errorCode).toBe(100);
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('says when the backup directory cannot be written', async () => {
    const blocked = path.join(t.dataDir, 'a-file');
    await writeFile(blocked, 'x');
    const other = await createTestApp('postgres', { BACKUP_DIR: path.join(blocked, 'backups') });
    try {
      const res = await (await platformAdmin(other.app)).call('POST', '/api2/admin/backups');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(refused(BackupErrors.notWritable));
    } finally {
      await other.close();
    }
  });
});
