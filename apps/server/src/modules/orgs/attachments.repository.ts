import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { attachments, memberships } from './orgs.schema.ts';

export type AttachmentRow = typeof attachments.$inferSelect;
export type AttachmentKind = AttachmentRow['kind'];

export async function insertAttachment(
  db: Queryable,
  row: typeof attachments.$inferInsert,
): Promise<AttachmentRow> {
  const [inserted] = await db.insert(attachments).values(row).returning();
  return inserted!;
}

export async function findAttachment(db: Queryable, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return row;
}

export async function deleteAttachmentRow(db: Queryable, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db.delete(attachments).where(eq(attachments.id, id)).returning();
  return row;
}

/** Gives an attachment uploaded before its organization existed (a licence) to that organization. */
export async function setAttachmentCustomer(db: Queryable, id: string, custId: string) {
  await db.update(attachments).set({ custId }).where(eq(attachments.id, id));
}

export async function isMember(db: Queryable, userId: string, custId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.custId, custId)))
    .limit(1);
  return row !== undefined;
}
