import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { sourcePath } from '../server-root.ts';

/** The drizzle migrations of this version (apps/server/src/migrations) and their journal. */
export const migrationsFolder = sourcePath('migrations');

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function journal(): Promise<JournalEntry[]> {
  const raw = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return raw.entries;
}

/** The last migration drizzle recorded in a database, or undefined when none (an empty database). */
export async function appliedMigration(
  client: pg.Client | pg.PoolClient,
): Promise<{ when: number; hash: string } | undefined> {
  const exists = await client.query<{ t: string | null }>(
    `select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!exists.rows[0]?.t) return undefined;
  const last = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const row = last.rows[0];
  return row ? { when: Number(row.created_at), hash: row.hash } : undefined;
}

/**
 * Migrates a database up to the migration `tag` (inclusive) and no further, with drizzle's own migrator (so the
 * records it writes are the ones a later full migration expects): a copy of the journal cut after `tag`. Without a
 * tag: every migration of this version.
 */
export async function migrateUpTo(client: pg.Client | pg.PoolClient, tag?: string): Promise<void> {
  if (!tag) {
    await migrate(drizzle(client), { migrationsFolder });
    return;
  }
  const entries = await journal();
  const at = entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`unknown migration ${tag}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'archway-migrations-'));
  try {
    await cp(path.join(migrationsFolder, 'meta'), path.join(dir, 'meta'), { recursive: true });
    const kept = entries.slice(0, at + 1);
    const full = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    };
    await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...full, entries: kept }));
    for (const e of kept)
      await cp(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    await migrate(drizzle(client), { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
