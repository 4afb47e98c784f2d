import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { preparedOn } from '../../platform/db/statement.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { byName } from '../../platform/db/collation.ts';

export type UserRow = typeof users.$inferSelect;

/** `/user/current` reads it on every call: built and prepared once (platform/db/statement.ts). */
const userById = preparedOn((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_find_by_id'),
);

/** `/user/current`: the user and the organization it acts for (none: `custId` null), in one statement built once. */
const userWithCustomer = preparedOn((db) =>
  db
    .select({ user: users, cust: customers })
    .from(users)
    .leftJoin(customers, eq(customers.id, sql.placeholder('custId')))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_find_with_customer'),
);

export async function findUserWithCustomer(
  db: Queryable,
  id: string,
  custId: string | null,
): Promise<{ user: UserRow; cust: typeof customers.$inferSelect | undefined } | undefined> {
  const [row] = await userWithCustomer(db).execute({ id, custId });
  return row ? { user: row.user, cust: row.cust ?? undefined } : undefined;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/** The user's property, locked for the rest of the transaction. */
export async function lockUserProperty(
  db: Queryable,
  id: string,
): Promise<{ property: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ property: users.property })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

/** An organization's optional-screen switches (`/user/control/page`). */
export async function pageFlagsOf(db: Queryable, custId: string) {
  const [row] = await db
    .select({ order: customers.pageOrder, compare: customers.pageCompare, builder: customers.pageBuilder })
    .from(customers)
    .where(eq(customers.id, custId));
  return row;
}

/** The first organization the person belongs to that the platform administrator disabled (for `/user/current`). */
export async function disabledOrgOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.custId))
    .where(and(eq(memberships.userId, userId), isNotNull(customers.disabledAt)))
    .orderBy(memberships.createdAt, byName(customers.name))
    .limit(1);
  return row;
}
