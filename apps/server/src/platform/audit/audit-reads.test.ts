import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { freshPostgres } from '../../testing/test-app.ts';
import { auditLog } from './audit.schema.ts';
import { auditRead, flushReadAudits, READ_BATCH_MAX } from './audit.ts';

/** Issue 35: the audit rows of reads are written together, none lost, each request's before it is answered. */
describe('batched audit rows of reads (PostgreSQL)', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let database: Database;

  beforeAll(async () => {
    pgdb = await freshPostgres();
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: '/nonexistent' });
  });
  afterAll(async () => {
    await database.close();
    await pgdb.drop();
  });

  const rowsOf = (ids: string[]) =>
    database.db.select().from(auditLog).where(inArray(auditLog.requestId, ids)).orderBy(auditLog.id);

  it('writes the rows of many reads at once in a few statements, each stored when its promise resolves', async () => {
    const { db } = database;
    const n = READ_BATCH_MAX + 200;
    const ids = Array.from({ length: n }, (_, i) => `read-${i}`);
    await Promise.all(
      ids.map((id, i) =>
        auditRead(
          db,
          { ip: '198.51.100.7', requestId: id },
          {
            actorUserId: null,
            action: 'case.list',
            objectType: 'case',
            objectId: null,
            outcome: 'allowed',
            detail: { page: i, note: `quote " backslash \\ nul \u0000` },
          },
        ),
      ),
    );
    // Every row is there once the promises resolved, in the order they were given, with its detail.
    const rows = await rowsOf(ids);
    expect(rows.map((r) => r.requestId)).toEqual(ids);
    expect(rows[3]).toMatchObject({
      action: 'case.list',
      outcome: 'allowed',
      ip: '198.51.100.7',
      detail: { page: 3, note: 'quote " backslash \\ nul \\u0000' },
    });
    // The rows went in a few statements, not one each: a statement's rows share its transaction's time (now()).
    const statements = new Set(rows.map((r) => r.at.getTime())).size;
    expect(statements).toBeGreaterThanOrEqual(2);
    expect(statements).toBeLessThanOrEqual(4);
  });

  it('a row queued before a stop is written by flushReadAudits, and a failed batch rejects its callers', async () => {
    const { db } = database;
    const pending = auditRead(db, { requestId: 'read-at-stop' }, { action: 'case.read', outcome: 'allowed' });
    await flushReadAudits(db);
    expect((await rowsOf(['read-at-stop'])).length).toBe(1);
    await pending;
    // A row the database refuses (not a uuid) fails its batch: its caller hears of it, like a failed insert.
    await expect(
      auditRead(db, { requestId: 'bad' }, { actorUserId: 'not-a-uuid', action: 'x', outcome: 'allowed' }),
    ).rejects.toThrow();
    // The next read is written again.
    await auditRead(db, { requestId: 'after-bad' }, { action: 'case.read', outcome: 'allowed' });
    expect((await rowsOf(['after-bad'])).length).toBe(1);
  });
});
