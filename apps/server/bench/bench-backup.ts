/**
 * `npm run bench:backup`: backup and restore time and size on the embedded default (the embedded PostgreSQL and
 * local files under DATA_DIR, what `npm start` runs), against copying the same bytes with `cp -r` (the stored files
 * and the cluster directory). Two data sets, one after the other in the same DATA_DIR:
 *
 * 1. **demo**: the demo data with its demo cases (what a fresh `npm start` writes);
 * 2. **10k**: plus the bench organizations (data.ts: 200 organizations, 20,000 devices) and 10,000 cases
 *    (cases-data.ts), each with one stored scan of BENCH_BACKUP_FILE_KB (default 256) KiB.
 *
 * Each: `runBackup` (as `npm run backup` does, the server's database open meanwhile), the backup's size on disk,
 * `verifyBackup` + `restoreBackup` into a fresh embedded cluster and an empty file store (as `npm run restore`), and
 * `cp -r` of DATA_DIR/files and of the cluster directory. Writes bench-results/backup.json. BENCH_BACKUP_CASES and
 * BENCH_BACKUP_FILE_KB change the sizes; BENCH_BACKUP_DIR the disk (default the system's temporary directory).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { createLocalStorage } from '../src/platform/storage/local.ts';
import { hashPassword } from '../src/platform/identity/passwords.ts';
import { runBackup } from '../src/platform/backup/backup.ts';
import { verifyBackup } from '../src/platform/backup/manifest.ts';
import { restoreBackup } from '../src/platform/backup/restore.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { seedDemoCases } from '../src/demo/seed-cases.ts';
import { seedDemoHelp } from '../src/demo/seed-help.ts';
import { seedDemoOrderForm } from '../src/demo/seed-orders.ts';
import { seedDemoUpdates } from '../src/demo/seed-updates.ts';
import { generate, PASSWORD } from './data.ts';
import { caseId, caseStatements } from './cases-data.ts';

const env = process.env;
const CASES = Number(env.BENCH_BACKUP_CASES ?? 10_000);
const FILE_KB = Number(env.BENCH_BACKUP_FILE_KB ?? 256);
const here = path.dirname(new URL(import.meta.url).pathname);
const repo = path.resolve(here, '../../..');
const out = (s = '') => process.stdout.write(`${s}\n`);
const MiB = 1024 * 1024;
const secs = (t0: number) => Math.round(performance.now() - t0) / 1000;
const du = (p: string) => Number(execFileSync('du', ['-sb', p], { encoding: 'utf8' }).split('\t')[0]);
const log = { info: () => undefined, warn: (m: string) => out(`  ! ${m}`) };

interface Figures {
  data: string;
  rows: number;
  files: number;
  /** Bytes of the database on disk (the cluster directory) and of the stored files. */
  clusterBytes: number;
  fileBytes: number;
  backup: { seconds: number; bytes: number; databaseBytes: number };
  verify: { seconds: number };
  restore: { seconds: number };
  cp: { filesSeconds: number; clusterSeconds: number };
}

async function measure(name: string, dataDir: string, databaseUrl: string, work: string): Promise<Figures> {
  const storage = await createLocalStorage(path.join(dataDir, 'files'));
  const directory = path.join(work, `backups-${name}`);
  let t = performance.now();
  const { dir, manifest } = await runBackup({ databaseUrl, storage, directory, trigger: 'command', log });
  const backupSeconds = secs(t);
  const bytes = du(dir);

  t = performance.now();
  await verifyBackup(dir);
  const verifySeconds = secs(t);
  const target = path.join(work, `restored-${name}`);
  await mkdir(target, { recursive: true });
  const embedded = await startEmbeddedPostgres({ dataDir: target, log });
  const targetStorage = await createLocalStorage(path.join(target, 'files'));
  t = performance.now();
  await restoreBackup({
    backupDir: dir,
    databaseUrl: embedded.url,
    storage: targetStorage,
    verified: manifest,
    log,
  });
  const restoreSeconds = secs(t);
  await embedded.stop();
  const restoredCluster = await realpath(path.join(target, 'postgres'));

  const cluster = await realpath(path.join(dataDir, 'postgres'));
  t = performance.now();
  execFileSync('cp', ['-r', path.join(dataDir, 'files'), path.join(work, `cp-files-${name}`)]);
  const filesSeconds = secs(t);
  t = performance.now();
  execFileSync('cp', ['-r', cluster, path.join(work, `cp-cluster-${name}`)]);
  const clusterSeconds = secs(t);
  const figures: Figures = {
    data: name,
    rows: manifest.counts.rows,
    files: manifest.counts.files,
    clusterBytes: du(cluster),
    fileBytes: manifest.counts.fileBytes,
    backup: { seconds: backupSeconds, bytes, databaseBytes: manifest.counts.databaseBytes },
    verify: { seconds: verifySeconds },
    restore: { seconds: restoreSeconds },
    cp: { filesSeconds, clusterSeconds },
  };
  // The restored cluster and the copies are not needed any more (disk space).
  for (const p of [
    restoredCluster,
    `${restoredCluster}.data-dir`,
    target,
    path.join(work, `cp-files-${name}`),
    path.join(work, `cp-cluster-${name}`),
  ])
    await rm(p, { recursive: true, force: true });
  await rm(directory, { recursive: true, force: true });
  return figures;
}

async function main() {
  const work = await mkdtemp(path.join(env.BENCH_BACKUP_DIR ?? tmpdir(), 'archway-bench-backup-'));
  const dataDir = path.join(work, 'data');
  await mkdir(dataDir, { recursive: true });
  const results: Figures[] = [];
  const database = await openDatabase({ dataDir, log });
  try {
    const { db } = database;
    const storage = await createLocalStorage(path.join(dataDir, 'files'));
    out('demo data …');
    await seedDemo(db, 'default', { adminPassword: 'bench-admin-1' });
    await seedDemoOrderForm(db);
    await seedDemoHelp(db);
    await seedDemoUpdates(db, storage);
    await seedDemoCases(db, storage, 'default');
    results.push(await measure('demo', dataDir, database.url, work));
    out(JSON.stringify(results.at(-1)));

    out(`${CASES} cases with a ${FILE_KB} KiB scan each …`);
    await generate(db, await hashPassword(PASSWORD));
    await db.transaction(async (tx) => {
      for (const s of caseStatements(CASES)) await tx.execute(sql.raw(s));
    });
    const body = randomBytes(FILE_KB * 1024);
    const sha = createHash('sha256').update(body).digest('hex');
    const dir = path.join(dataDir, 'files', 'cases', 'bench');
    await mkdir(dir, { recursive: true });
    for (let i = 1; i <= CASES; i++) await writeFile(path.join(dir, String(i)), body);
    await db.execute(
      sql.raw(`insert into case_files (case_id, storage_key, name, size, sha256, format)
        select ${caseId('i')}, 'cases/bench/' || i, 'upper.ply',
               ${body.length}, '${sha}', 'ply'
          from generate_series(1, ${CASES}) i`),
    );
    await db.execute(sql.raw('checkpoint'));
    results.push(await measure('10k', dataDir, database.url, work));
    out(JSON.stringify(results.at(-1)));
  } finally {
    await database.close();
  }
  // As root the cluster lives outside DATA_DIR (embedded.ts): remove it too.
  const cluster = await realpath(path.join(dataDir, 'postgres'));
  await rm(cluster, { recursive: true, force: true });
  await rm(`${cluster}.data-dir`, { force: true });

  out('');
  out(
    '| data | rows | files | database on disk | files on disk | backup | backup size | restore | verify | cp -r files + cluster |',
  );
  out('| ---- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results)
    out(
      `| ${r.data} | ${r.rows} | ${r.files} | ${(r.clusterBytes / MiB).toFixed(0)} MiB | ${(r.fileBytes / MiB).toFixed(0)} MiB | ` +
        `${r.backup.seconds} s | ${(r.backup.bytes / MiB).toFixed(0)} MiB (db ${(r.backup.databaseBytes / MiB).toFixed(1)}) | ` +
        `${r.restore.seconds} s | ${r.verify.seconds} s | ${(r.cp.filesSeconds + r.cp.clusterSeconds).toFixed(2)} s (${r.cp.filesSeconds} + ${r.cp.clusterSeconds}) |`,
    );
  await mkdir(path.join(repo, 'bench-results'), { recursive: true });
  await writeFile(
    path.join(repo, 'bench-results', 'backup.json'),
    JSON.stringify({ at: new Date().toISOString(), cases: CASES, fileKiB: FILE_KB, results }, null, 2),
  );
  await rm(work, { recursive: true, force: true });
}

await main();
