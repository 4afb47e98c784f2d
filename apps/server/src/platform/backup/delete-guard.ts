import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { DELETE_FENCE_LOCK } from './backup.ts';

export const RETRY_DEFERRED_MS = 30_000;

export interface GuardedStorage extends Storage {
  /** Keys whose deletion waits for a running backup to end (retried every 30 s and when the app closes). */
  readonly deferred: ReadonlySet<string>;
  /** Tries the deferred deletions now (tests; the timer does it otherwise). */
  retryDeferred(): Promise<void>;
}

/**
 * The storage with its deletions fenced against a running backup (of any process on this database): a deletion
 * runs while holding DELETE_FENCE_LOCK shared (in a transaction, `pg_try_advisory_xact_lock_shared`); while a backup
 * holds it exclusively (from just before its snapshot until its last file is copied), the key is remembered and
 * deleted after the backup. So a file the backup's snapshot names is never gone before the backup has copied it.
 * Deletions are batched on one connection at a time. A deletion put off and lost with the process (a kill) leaves an
 * orphan for the clean-up jobs, never a missing file.
 */
export function guardDeletes(storage: Storage, db: Db): GuardedStorage {
  const deferred = new Set<string>();
  let queue: { key: string; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let draining: Promise<void> | undefined;

  async function fenced(keys: string[]): Promise<boolean> {
    return db.transaction(async (tx) => {
      const got = (await tx.execute(
        sql`select pg_try_advisory_xact_lock_shared(${DELETE_FENCE_LOCK}) as ok`,
      )) as unknown as { rows: { ok: boolean }[] };
      if (!got.rows[0]?.ok) return false;
      for (let i = 0; i < keys.length; i += 16)
        await Promise.all(keys.slice(i, i + 16).map((k) => storage.delete(k)));
      return true;
    });
  }

  async function drain(): Promise<void> {
    while (queue.length) {
      const batch = queue;
      queue = [];
      try {
        const ran = await fenced(batch.map((b) => b.key));
        if (!ran) for (const b of batch) deferred.add(b.key);
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
  }

  const enqueue = (key: string) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      draining ??= drain().finally(() => (draining = undefined));
    });

  async function retryDeferred(): Promise<void> {
    if (!deferred.size) return;
    const keys = [...deferred];
    if (await fenced(keys)) for (const k of keys) deferred.delete(k);
  }

  const timer = setInterval(() => void retryDeferred().catch(() => undefined), RETRY_DEFERRED_MS);
  timer.unref();

  return {
    kind: storage.kind,
    put: (key, body, o) => storage.put(key, body, o),
    adopt: (key, source) => storage.adopt(key, source),
    get: (key, range) => storage.get(key, range),
    stat: (key) => storage.stat(key),
    list: (prefix) => storage.list(prefix),
    delete: (key) => enqueue(key),
    deferred,
    retryDeferred,
    async close() {
      clearInterval(timer);
      await draining;
      await retryDeferred().catch(() => undefined);
      await storage.close();
    },
  };
}
