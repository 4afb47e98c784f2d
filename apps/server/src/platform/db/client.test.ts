import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshPostgres } from '../../testing/test-app.ts';
import { openDatabase } from './client.ts';

describe('migrations on PostgreSQL', () => {
  it('are applied once when several processes start at the same time', async () => {
    const pgdb = await freshPostgres();
    try {
      const opened = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: pgdb.url, dataDir: '/nonexistent' })),
      );
      const { db } = opened[0]!;
      const applied = (await db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      };
      const journal = JSON.parse(
        readFileSync(new URL('../../migrations/meta/_journal.json', import.meta.url), 'utf8'),
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      await Promise.all(opened.map((o) => o.close()));
    } finally {
      await pgdb.drop();
    }
  });
});
