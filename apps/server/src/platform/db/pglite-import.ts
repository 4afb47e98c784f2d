import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { EmbeddedPostgresError } from './embedded.ts';
import { sourcePath } from '../server-root.ts';

/**
 * Upgrading from an Archway whose embedded database was PGlite (`DATA_DIR/pglite`): every row is copied, once, into
 * the embedded PostgreSQL, in one transaction. Stored files stay where they are (DATA_DIR/files or the S3 store), so
 * every file a row names is still reachable. The old directory is kept, renamed `pglite.imported-<time>`.
 *
 * A failure stops the start with a clear message and leaves the old directory as it was (the copy is rolled back), so
 * the next start tries again. PGlite is loaded only here, and only when such a directory exists.
 */
export async function importPgliteDataDir(opts: {
  dataDir: string;
  db: Db;
  log?: { info(msg: string): void } | undefined;
}): Promise<{ tables: number; rows: number } | undefined> {
  const dir = path.resolve(opts.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  let old;
  try {
    const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    old = await PGlite.create(dir, { extensions: { pg_trgm, btree_gin } });
    // Bring the old database to the same schema first (as the earlier version's own start would have).
    await migrate(drizzle(old), { migrationsFolder: sourcePath('migrations') });
  } catch (err) {
    await old?.close().catch(() => undefined);
    throw new EmbeddedPostgresError(
      `Could not open the earlier embedded database in ${dir} to import it: ${(err as Error).message}. ` +
        'Nothing was changed; move that directory away to start with an empty database.',
    );
  }
  let rows = 0;
  let tables: string[] = [];
  try {
    const src = old;
    tables = (
      await src.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.name);
    await opts.db.transaction(async (tx) => {
      // Triggers and foreign keys off for the copy: rows arrive in table order, and the append-only audit log and the
      // counting triggers must see the old rows as they were, not as new events.
      await tx.execute(sql`set local session_replication_role = replica`);
      // Rows the migrations themselves wrote make way for the old ones (all at once: a cascade must not empty a table
      // already copied).
      await tx.execute(
        sql`truncate table ${sql.join(
          tables.map((t) => sql.identifier(t)),
          sql`, `,
        )}`,
      );
      for (const table of tables) {
        const columns = (
          await src.query<{ name: string }>(
            `select column_name as name from information_schema.columns
              where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
            [table],
          )
        ).rows.map((r) => r.name);
        const list = sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        for (let offset = 0; ; offset += 2000) {
          const batch = await src.query<{ r: unknown }>(
            `select to_jsonb(t) as r from ${quoteIdent(table)} t order by ctid offset ${offset} limit 2000`,
          );
          if (batch.rows.length === 0) break;
          await tx.execute(
            sql`insert into ${sql.identifier(table)} (${list}) overriding system value
                select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(
                  batch.rows.map((b) => b.r),
                )}::jsonb)`,
          );
          rows += batch.rows.length;
        }
      }
      // Sequences continue after the imported rows.
      const sequences = (await tx.execute(sql`
        select c.table_name as t, c.column_name as c, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as s
          from information_schema.columns c
         where c.table_schema = 'public' and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`)) as unknown as {
        rows: { t: string; c: string; s: string }[];
      };
      for (const { t, c, s } of sequences.rows) {
        await tx.execute(
          sql`select setval(${s}, coalesce((select max(${sql.identifier(c)}) from ${sql.identifier(t)}), 0) + 1, false)`,
        );
      }
    });
  } catch (err) {
    await old.close().catch(() => undefined);
    throw new EmbeddedPostgresError(
      `Importing the earlier embedded database (${dir}) failed, and nothing was changed: ${(err as Error).message}`,
    );
  }
  await old.close();
  const kept = `${dir}.imported-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dir, kept);
  opts.log?.info(
    `imported the earlier embedded database: ${rows} rows of ${tables.length} tables from ${dir} (kept as ${kept})`,
  );
  return { tables: tables.length, rows };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
