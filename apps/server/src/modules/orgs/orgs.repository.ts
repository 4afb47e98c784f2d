import { eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { customers, memberships } from './orgs.schema.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type MembershipRole = (typeof memberships.$inferSelect)['role'];

export async function findCustomerById(db: Queryable, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** The organization's property, locked for the rest of the transaction. */
export async function lockCustomerProperty(
  db: Queryable,
  id: string,
): Promise<{ property: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ property: customers.property })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  return row;
}

export async function setCustomerProperty(db: Queryable, id: string, property: Record<string, unknown>) {
  await db.update(customers).set({ property }).where(eq(customers.id, id));
}
