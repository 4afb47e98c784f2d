import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { caseOrderForms, orderForms, orderFormVersions, type OrderFieldRow } from './orders.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type { OrderFieldRow };
export type OrderFormRow = typeof orderForms.$inferSelect;
export type OrderValuesRow = Record<string, string | string[] | boolean>;

/** Whether the organization has the order-form page switched on (`customers.page_order`). */
export async function pageOrderOf(db: Queryable, custId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: customers.pageOrder })
    .from(customers)
    .where(eq(customers.id, custId))
    .limit(1);
  return row?.on ?? false;
}

export const findForm = async (db: Queryable, custId: string): Promise<OrderFormRow | undefined> =>
  (await db.select().from(orderForms).where(eq(orderForms.custId, custId)).limit(1))[0];

/**
 * The organization's form row, locked for the rest of the transaction; made first (with `draft`) when it has none,
 * so two designers' changes follow one another.
 */
export async function lockForm(db: Queryable, custId: string, draft: OrderFieldRow[]): Promise<OrderFormRow> {
  await db.insert(orderForms).values({ custId, draft }).onConflictDoNothing();
  const [row] = await db.select().from(orderForms).where(eq(orderForms.custId, custId)).for('update');
  return row!;
}

export const saveDraft = (db: Queryable, custId: string, draft: OrderFieldRow[], userId: string) =>
  db
    .update(orderForms)
    .set({ draft, updatedBy: userId, updatedAt: new Date() })
    .where(eq(orderForms.custId, custId));

/** Writes a new published version and makes it the one clinics fill. */
export async function publish(
  db: Queryable,
  custId: string,
  version: number,
  fields: OrderFieldRow[],
  userId: string,
) {
  await db.insert(orderFormVersions).values({ custId, version, fields, createdBy: userId });
  await db
    .update(orderForms)
    .set({ published: version, updatedBy: userId, updatedAt: new Date() })
    .where(eq(orderForms.custId, custId));
}

export const findVersion = async (db: Queryable, custId: string, version: number) =>
  (
    await db
      .select()
      .from(orderFormVersions)
      .where(and(eq(orderFormVersions.custId, custId), eq(orderFormVersions.version, version)))
      .limit(1)
  )[0];

export interface PublishedForm {
  custId: string;
  custName: string;
  versionId: string;
  version: number;
  fields: OrderFieldRow[];
}

/** The published forms of these organizations (those with the order page on and a version), by name. */
export async function publishedForms(db: Queryable, custIds: string[]): Promise<PublishedForm[]> {
  if (!custIds.length) return [];
  return db
    .select({
      custId: orderForms.custId,
      custName: customers.name,
      versionId: orderFormVersions.id,
      version: orderFormVersions.version,
      fields: orderFormVersions.fields,
    })
    .from(orderForms)
    .innerJoin(customers, eq(customers.id, orderForms.custId))
    .innerJoin(
      orderFormVersions,
      and(
        eq(orderFormVersions.custId, orderForms.custId),
        eq(orderFormVersions.version, orderForms.published),
      ),
    )
    .where(and(inArray(orderForms.custId, custIds), eq(customers.pageOrder, true)))
    .orderBy(byName(customers.name), orderForms.custId);
}

export const insertCaseForms = (
  db: Queryable,
  rows: { caseId: string; custId: string; formVersionId: string; values: OrderValuesRow }[],
) => (rows.length ? db.insert(caseOrderForms).values(rows) : Promise.resolve());

/** The forms a case was sent with: each receiver's version, its fields and the values filled. */
export async function caseForms(db: Queryable, caseId: string) {
  return db
    .select({
      custId: caseOrderForms.custId,
      custName: customers.name,
      version: orderFormVersions.version,
      fields: orderFormVersions.fields,
      values: caseOrderForms.values,
    })
    .from(caseOrderForms)
    .innerJoin(orderFormVersions, eq(orderFormVersions.id, caseOrderForms.formVersionId))
    .innerJoin(customers, eq(customers.id, caseOrderForms.custId))
    .where(eq(caseOrderForms.caseId, caseId))
    .orderBy(byName(customers.name), sql`${caseOrderForms.custId}`);
}
