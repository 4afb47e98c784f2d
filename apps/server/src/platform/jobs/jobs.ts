import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from './jobs.schema.ts';

/**
 * Runs `fn` if the job `name` is due and no other process is running it: its row is claimed with
 * `FOR UPDATE SKIP LOCKED` for the length of the run, then pushed `everyMs` ahead. Answers whether it ran.
 * A failure is recorded on the row (and the job is tried again at its next time).
 */
export async function runClaimed(
  db: Db,
  name: string,
  everyMs: number,
  fn: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  await db.insert(jobs).values({ name }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select()
      .from(jobs)
      .where(sql`${jobs.name} = ${name} and ${jobs.runAt} <= now()`)
      .for('update', { skipLocked: true });
    if (!claimed.length) return false;
    let error: string | null = null;
    try {
      await tx.transaction(async (inner) => fn(inner as unknown as Tx));
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    await tx
      .update(jobs)
      .set({ runAt: new Date(Date.now() + everyMs), lastRunAt: new Date(), lastError: error })
      .where(eq(jobs.name, name));
    return true;
  });
}
