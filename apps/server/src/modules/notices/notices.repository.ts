import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { notices } from './notices.schema.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;

export async function insertNotices(db: Queryable, rows: NewNotice[]): Promise<NoticeRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notices).values(rows).returning();
}

/** A person's notices, unread first, then newest first. */
export async function listNotices(db: Queryable, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(notices)
    .where(eq(notices.userId, userId))
    .orderBy(sql`${notices.readAt} is not null`, desc(notices.createdAt))
    .limit(limit)
    .offset(offset);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.n ?? 0;
}

/** Marks the person's notices read: these ids, or every one when `ids` is undefined. */
export async function markRead(db: Queryable, userId: string, ids?: string[]): Promise<number> {
  const rows = await db
    .update(notices)
    .set({ readAt: new Date() })
    .where(
      and(eq(notices.userId, userId), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined),
    )
    .returning({ id: notices.id });
  return rows.length;
}
