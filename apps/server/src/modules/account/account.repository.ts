import { eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { signInCounters } from './account.schema.ts';

/**
 * Reserves one attempt on `key` in a fixed window of `windowMs` and answers the attempt's number in it.
 * One statement: concurrent callers are serialized by the row lock of ON CONFLICT DO UPDATE, so each
 * gets its own number and exactly `limit` of them see a number ≤ limit. A window past its end restarts at 1.
 */
export async function reserveAttempt(db: Queryable, key: string, windowMs: number): Promise<number> {
  const expired = sql`sign_in_counters.window_start <= now() - make_interval(secs => ${windowMs / 1000})`;
  const [row] = await db
    .insert(signInCounters)
    .values({ key, n: 1 })
    .onConflictDoUpdate({
      target: signInCounters.key,
      set: {
        n: sql`case when ${expired} then 1 else sign_in_counters.n + 1 end`,
        windowStart: sql`case when ${expired} then now() else sign_in_counters.window_start end`,
      },
    })
    .returning({ n: signInCounters.n });
  return row!.n;
}

/** Gives a reserved attempt back (it turned out not to be a failure, or was never tried). */
export async function releaseAttempt(db: Queryable, key: string): Promise<void> {
  await db
    .update(signInCounters)
    .set({ n: sql`greatest(sign_in_counters.n - 1, 0)` })
    .where(eq(signInCounters.key, key));
}

/** Forgets a key's failures (a successful sign-in of that account). */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.delete(signInCounters).where(eq(signInCounters.key, key));
}

/** Counters whose window ended more than a day ago. */
export async function purgeOldCounters(db: Queryable): Promise<void> {
  await db
    .delete(signInCounters)
    .where(lt(signInCounters.windowStart, new Date(Date.now() - 24 * 3600 * 1000)));
}
