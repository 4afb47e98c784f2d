import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { attachments } from './attachments.schema.ts';

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

/**
 * A page of up to 500 attachments of a kind uploaded before `before`, oldest first, after the `after` row of the
 * previous page (the cleanup asks their module which are in use).
 */
export async function uploadedBefore(
  db: Queryable,
  kind: AttachmentKind,
  before: Date,
  after?: { createdAt: Date; id: string },
): Promise<{ id: string; storageKey: string; createdAt: Date }[]> {
  return db
    .select({ id: attachments.id, storageKey: attachments.storageKey, createdAt: attachments.createdAt })
    .from(attachments)
    .where(
      and(
        eq(attachments.kind, kind),
        lt(attachments.createdAt, before),
        after
          ? sql`(${attachments.createdAt}, ${attachments.id}) > (${after.createdAt}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(attachments.createdAt, attachments.id)
    .limit(500);
}

/** Which of these storage keys a row names. */
export async function knownAttachmentKeys(db: Queryable, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.storageKey, keys));
  return rows.map((r) => r.key);
}

/** Storage keys of the organization's attachments (deleted with it by the foreign key), to remove the files after. */
export async function storageKeysOfCustomer(db: Queryable, custId: string): Promise<string[]> {
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.custId, custId));
  return rows.map((r) => r.key);
}
