import type { Platform } from '../../platform/platform.ts';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './notices.repository.ts';

export type { NewNotice, NoticeRow } from './notices.repository.ts';

/**
 * Stores notices in the caller's transaction (so a notice exists exactly when what caused it commits). Answers the
 * rows; after the commit, hand them to `announce`.
 */
export const notify = (db: Queryable, rows: repo.NewNotice[]) => repo.insertNotices(db, rows);

/**
 * Tells each notice's person, on every connected socket, that it exists (realtime message = the notice's kind
 * mapped by the hub; the client reads the notice itself). Call after the transaction that stored them committed.
 */
export function announce(platform: Platform, rows: repo.NoticeRow[]): void {
  for (const row of rows) platform.realtime.toUser(row.userId, 'notice', row);
}
