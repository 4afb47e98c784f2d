import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import type { Storage } from '../storage/storage.ts';
import { copyIn } from './pg-copy.ts';
import { appliedMigration, journal, migrateUpTo } from './migrations.ts';
import { BackupInvalid, verifyBackup, type Manifest } from './manifest.ts';

/** The target already holds data and `force` was not given: nothing was changed. */
export class RestoreTargetNotEmpty extends Error {
  override name = 'RestoreTargetNotEmpty';
}

export interface RestoreOptions {
  /** The backup folder (`archway-backup-<time>`). */
  backupDir: string;
  /** The database to restore into (the embedded one of DATA_DIR, or DATABASE_URL's). */
  databaseUrl: string;
  /** Where the stored files go (DATA_DIR/files, or STORAGE_URL's). */
  storage: Storage;
  /** Replace a target that holds data (its tables and stored files are removed first). */
  force?: boolean;
  /** The manifest verifyBackup already answered for this folder (the check is not repeated). */
  verified?: Manifest;
  log?: { info(msg: string): void; warn(msg: string): void };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What the target holds: Archway tables (or any table of its own schemas), stored files. Empty when neither. */
async function targetContents(client: pg.Client, storage: Storage) {
  const tables = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'`,
  );
  let files = 0;
  for await (const _ of storage.list('')) {
    files++;
    break;
  }
  return { tables: tables.rows[0]!.n, files };
}

/**
 * Restores a backup: checks it whole first (refused, with nothing changed, when damaged, partial, of a newer
 * Archway, or when the target holds data without `force`); then migrates the empty database up to the backup's
 * migration, loads every table with COPY in one transaction (triggers and foreign keys off while loading, as
 * pg_restore does), sets the sequences, copies every stored file (checked against its sha256 again on the way), and
 * migrates to this version's last migration.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const dir = path.resolve(opts.backupDir);
  const manifest = opts.verified ?? (await verifyBackup(dir));
  const entries = await journal();
  if (!entries.some((e) => e.tag === manifest.migration.tag && e.when === manifest.migration.when))
    throw new BackupInvalid(
      `${dir} was made by a newer Archway (${manifest.archwayVersion}, migration ${manifest.migration.tag}) than this one: restore it with that version or a later one.`,
    );

  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const held = await targetContents(client, opts.storage);
    if (held.tables || held.files) {
      if (!opts.force)
        throw new RestoreTargetNotEmpty(
          `The target is not empty (${held.tables ? 'the database has tables' : ''}${held.tables && held.files ? ', ' : ''}${held.files ? 'the storage holds files' : ''}): nothing was changed. Restore into an empty DATA_DIR (or an empty database and storage), or add --force to replace what is there.`,
        );
      opts.log?.warn('--force: removing the tables and stored files of the target');
      const schemas = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace
          where nspname not in ('pg_catalog', 'information_schema', 'public') and nspname not like 'pg\\_%'`,
      );
      for (const s of schemas.rows) await client.query(`drop schema ${quote(s.name)} cascade`);
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
      const keys: string[] = [];
      for await (const o of opts.storage.list('')) keys.push(o.key);
      for (const key of keys) await opts.storage.delete(key);
    }

    await migrateUpTo(client, manifest.migration.tag);
    const applied = await appliedMigration(client);
    if (applied?.when !== manifest.migration.when)
      throw new Error(`migrating to ${manifest.migration.tag} did not end there`);

    await client.query('begin');
    try {
      // Triggers (the audit log's append-only guard, the counting triggers) and foreign-key checks off while loading:
      // rows arrive table by table as they were. Needs a superuser (the embedded role is one); otherwise the tables'
      // own triggers are disabled (the owner may) and tables load parents first.
      let replica = true;
      await client.query('savepoint role');
      try {
        await client.query('set local session_replication_role = replica');
      } catch {
        await client.query('rollback to savepoint role');
        replica = false;
      }
      const order = replica ? manifest.tables : await loadOrder(client, manifest.tables);
      const names = order.map((t) => `${quote(t.schema)}.${quote(t.name)}`);
      if (!replica) for (const n of names) await client.query(`alter table ${n} disable trigger user`);
      if (names.length) await client.query(`truncate table ${names.join(', ')}`);
      for (const t of order) {
        const source = createReadStream(path.join(dir, ...t.file.split('/'))).pipe(createGunzip());
        const rows = await copyIn(
          client,
          `copy ${quote(t.schema)}.${quote(t.name)} (${t.columns.map(quote).join(', ')}) from stdin`,
          source,
        );
        if (rows !== t.rows)
          throw new Error(`${t.schema}.${t.name}: ${rows} rows loaded, the manifest says ${t.rows}`);
      }
      for (const s of manifest.sequences)
        if (s.value !== null)
          await client.query('select setval($1::regclass, $2::bigint, true)', [
            `${quote(s.schema)}.${quote(s.name)}`,
            s.value,
          ]);
      if (!replica) for (const n of names) await client.query(`alter table ${n} enable trigger user`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    }
    opts.log?.info(`restored ${manifest.counts.rows} rows of ${manifest.counts.tables} tables`);

    for (const f of manifest.files) {
      const stored = await opts.storage.put(f.key, createReadStream(path.join(dir, ...f.file.split('/'))));
      if (stored.sha256 !== f.sha256 || stored.size !== f.size)
        throw new Error(`the stored file ${f.key} changed while it was restored (sha256 differs)`);
    }
    opts.log?.info(`restored ${manifest.counts.files} stored files`);

    await migrateUpTo(client);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Tables ordered parents first (foreign keys), for a load with the checks on. */
async function loadOrder(client: pg.Client, tables: Manifest['tables']): Promise<Manifest['tables']> {
  const deps = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const parents = new Map<string, Set<string>>();
  for (const d of deps.rows)
    (parents.get(d.child) ?? parents.set(d.child, new Set()).get(d.child)!).add(d.parent);
  const out: Manifest['tables'] = [];
  const placed = new Set<string>();
  let rest = [...tables];
  while (rest.length) {
    const ready = rest.filter((t) =>
      [...(parents.get(key(t)) ?? [])].every((p) => placed.has(p) || !rest.some((r) => key(r) === p)),
    );
    if (!ready.length) return [...out, ...rest]; // a cycle: the load will say which key fails
    for (const t of ready) {
      out.push(t);
      placed.add(key(t));
    }
    rest = rest.filter((t) => !placed.has(key(t)));
  }
  return out;
}
