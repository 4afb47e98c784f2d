import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { runClaimed } from '../../platform/jobs/jobs.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { privateKind } from './attachments.access.ts';
import * as repo from './attachments.repository.ts';

export const ATTACHMENT_CLEANUP_EVERY_MS = 60 * 60_000;
/** A licence may wait this long for the organization it was uploaded for. */
export const UNUSED_LICENCE_MS = 24 * 60 * 60_000;
/** A stored file younger than this may still be getting its row. */
const GRACE_MS = 60 * 60_000;

/**
 * Removes licences uploaded for an organization that was never created (after a day), and stored attachment files
 * that no row names (a process that died between storing and recording). Any process may run it; the jobs table
 * makes sure only one does at a time. Answers how many files were removed.
 */
export async function cleanUpAttachments(db: Db, storage: Storage, now = new Date()): Promise<number> {
  let removed = 0;
  await runClaimed(db, 'attachments.unused', ATTACHMENT_CLEANUP_EVERY_MS, async (tx) => {
    // Licences: the orgs module says which are still named by an organization (nothing goes without its rule).
    const inUse = privateKind('licence')?.inUse;
    const before = new Date(now.getTime() - UNUSED_LICENCE_MS);
    let page = inUse ? await repo.uploadedBefore(tx, 'licence', before) : [];
    while (inUse && page.length) {
      const used = await inUse(
        tx,
        page.map((r) => r.id),
      );
      for (const row of page.filter((r) => !used.has(r.id))) {
        await repo.deleteAttachmentRow(tx, row.id);
        await storage.delete(row.storageKey).catch(() => undefined);
        removed++;
      }
      page = page.length < 500 ? [] : await repo.uploadedBefore(tx, 'licence', before, page.at(-1));
    }
    const old: string[] = [];
    for await (const o of storage.list('attachments/'))
      if (o.modifiedAt.getTime() < now.getTime() - GRACE_MS) old.push(o.key);
    for (let i = 0; i < old.length; i += 500) {
      const batch = old.slice(i, i + 500);
      const known = new Set(await repo.knownAttachmentKeys(tx, batch));
      const orphans = batch.filter((k) => !known.has(k));
      await Promise.all(orphans.map((k) => storage.delete(k)));
      removed += orphans.length;
    }
  });
  return removed;
}

export function startAttachmentCleanup(db: Db, storage: Storage, log: FastifyBaseLogger): () => void {
  const run = () =>
    cleanUpAttachments(db, storage).catch((err) => log.warn({ err }, 'attachment cleanup failed'));
  void run();
  const timer = setInterval(run, ATTACHMENT_CLEANUP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
