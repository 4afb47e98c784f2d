import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { runClaimed } from '../../platform/jobs/jobs.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Uploads } from '../../platform/uploads/tus.ts';
import * as repo from './cases.repository.ts';

export const CLEANUP_EVERY_MS = 15 * 60_000;
/** A stored file younger than this may belong to a case still being made: never an orphan yet. */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/**
 * Which of these storage keys a module above cases still names (scans: a comparison's coloured scan, named in its
 * job's result). app.ts passes it down: cases never imports the modules that use it.
 */
export type KnownKeys = (db: Queryable, keys: string[]) => Promise<string[]>;

/**
 * Removes what a failed or interrupted upload left behind: case files, preview images and comparisons' coloured scans
 * in storage that no row names (older than the grace period), and tus uploads abandoned past their expiry. Any process may run it; the jobs table makes sure
 * only one does at a time. Answers the number of stored files removed.
 */
export async function cleanUpOrphans(
  db: Db,
  storage: Storage,
  uploads: Uploads,
  now = new Date(),
  alsoKnown: KnownKeys = async () => [],
): Promise<number> {
  let removed = 0;
  await runClaimed(db, 'cases.orphans', CLEANUP_EVERY_MS, async (tx) => {
    const old: string[] = [];
    for (const prefix of ['cases/', 'thumbs/', 'compare/'])
      for await (const o of storage.list(prefix))
        if (o.modifiedAt.getTime() < now.getTime() - ORPHAN_GRACE_MS) old.push(o.key);
    for (let i = 0; i < old.length; i += 500) {
      const batch = old.slice(i, i + 500);
      const known = new Set([...(await repo.knownStorageKeys(tx, batch)), ...(await alsoKnown(tx, batch))]);
      const orphans = batch.filter((k) => !known.has(k));
      await Promise.all(orphans.map((k) => storage.delete(k)));
      removed += orphans.length;
    }
    await uploads.cleanUpExpired();
  });
  return removed;
}

export function startOrphanCleanup(
  db: Db,
  storage: Storage,
  uploads: Uploads,
  log: FastifyBaseLogger,
  alsoKnown?: KnownKeys,
): () => void {
  const run = () =>
    cleanUpOrphans(db, storage, uploads, new Date(), alsoKnown).catch((err) =>
      log.warn({ err }, 'orphan cleanup failed'),
    );
  void run();
  const timer = setInterval(run, CLEANUP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
