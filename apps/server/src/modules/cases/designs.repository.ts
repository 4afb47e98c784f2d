import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { caseDesignNotes, caseDesigns, type ToothDesignRow } from './designs.schema.ts';

export interface DesignRecord {
  teeth: ToothDesignRow[];
  bridges: number[][];
  note: string;
  updatedAt: Date;
  updatedByName: string | null;
}

/** The case's design with the name of the person who saved it last, or undefined while none is saved. */
export async function findDesign(db: Queryable, caseId: string): Promise<DesignRecord | undefined> {
  const [row] = await db
    .select({
      teeth: caseDesigns.teeth,
      bridges: caseDesigns.bridges,
      note: caseDesigns.note,
      updatedAt: caseDesigns.updatedAt,
      updatedByName: users.username,
    })
    .from(caseDesigns)
    .leftJoin(users, eq(users.id, caseDesigns.updatedBy))
    .where(eq(caseDesigns.caseId, caseId));
  return row;
}

/** Writes the whole design (insert or replace). */
export async function saveDesign(
  db: Queryable,
  input: { caseId: string; teeth: ToothDesignRow[]; bridges: number[][]; note: string; userId: string },
): Promise<void> {
  const values = {
    teeth: input.teeth,
    bridges: input.bridges,
    note: input.note,
    updatedBy: input.userId,
    updatedAt: new Date(),
  };
  await db
    .insert(caseDesigns)
    .values({ caseId: input.caseId, ...values })
    .onConflictDoUpdate({ target: caseDesigns.caseId, set: values });
}

export interface DesignNoteRecord {
  custId: string;
  custName: string;
  note: string;
  updatedAt: Date;
}

/** The design notes on a case by these organizations (all when `custIds` is undefined), oldest first. */
export async function listNotes(
  db: Queryable,
  caseId: string,
  custIds?: readonly string[],
): Promise<DesignNoteRecord[]> {
  if (custIds && custIds.length === 0) return [];
  return db
    .select({
      custId: caseDesignNotes.custId,
      custName: customers.name,
      note: caseDesignNotes.note,
      updatedAt: caseDesignNotes.updatedAt,
    })
    .from(caseDesignNotes)
    .innerJoin(customers, eq(customers.id, caseDesignNotes.custId))
    .where(
      custIds
        ? and(eq(caseDesignNotes.caseId, caseId), inArray(caseDesignNotes.custId, [...custIds]))
        : eq(caseDesignNotes.caseId, caseId),
    )
    .orderBy(caseDesignNotes.updatedAt, caseDesignNotes.custId);
}

/** Writes an organization's design note on a case (insert or replace). */
export async function saveNote(
  db: Queryable,
  input: { caseId: string; custId: string; note: string; userId: string },
): Promise<void> {
  const values = { note: input.note, updatedBy: input.userId, updatedAt: new Date() };
  await db
    .insert(caseDesignNotes)
    .values({ caseId: input.caseId, custId: input.custId, ...values })
    .onConflictDoUpdate({ target: [caseDesignNotes.caseId, caseDesignNotes.custId], set: values });
}

/** Removes an organization's design note on a case. */
export async function deleteNote(db: Queryable, caseId: string, custId: string): Promise<void> {
  await db
    .delete(caseDesignNotes)
    .where(and(eq(caseDesignNotes.caseId, caseId), eq(caseDesignNotes.custId, custId)));
}
