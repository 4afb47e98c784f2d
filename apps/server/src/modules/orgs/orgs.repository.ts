import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
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

// ---- create, edit, delete (issue 9) ------------------------------------------------------------------------------

export type NewCustomer = typeof customers.$inferInsert;
export type CustomerPatch = Partial<
  Pick<
    NewCustomer,
    | 'name'
    | 'contact'
    | 'phone'
    | 'email'
    | 'address'
    | 'creditCode'
    | 'licenseFile'
    | 'status'
    | 'memo'
    | 'country'
    | 'region'
    | 'city'
    | 'street'
    | 'auditReason'
  >
>;

/**
 * Serializes every transaction that claims the same name (any letter case) until it ends, so two organizations
 * cannot take one name at once: the unique index on `name` compares the exact text only.
 */
export async function lockName(db: Queryable, name: string) {
  await lockKey(db, `customer-name:${name.toLowerCase()}`);
}

/** A transaction-scoped advisory lock on a text key (e.g. one person creating organizations). */
export async function lockKey(db: Queryable, key: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Another organization with this name, in any letter case. */
export async function nameTaken(db: Queryable, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCustomer(db: Queryable, row: NewCustomer): Promise<CustomerRow> {
  const [inserted] = await db.insert(customers).values(row).returning();
  return inserted!;
}

export async function insertMembership(db: Queryable, userId: string, custId: string, role: MembershipRole) {
  await db.insert(memberships).values({ userId, custId, role });
}

/** Whether the user belongs to any organization. */
export async function hasMembership(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ custId: memberships.custId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The user's role in the organization, or undefined when not a member. */
export async function roleOf(
  db: Queryable,
  userId: string,
  custId: string,
): Promise<MembershipRole | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.custId, custId)))
    .limit(1);
  return row?.role;
}

/** The organization's row, locked for the rest of the transaction. */
export async function lockCustomer(db: Queryable, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

/** Disables (a time) or enables (null) the organization (the platform administrator's console). */
export async function setDisabledAt(db: Queryable, id: string, at: Date | null) {
  await db.update(customers).set({ disabledAt: at }).where(eq(customers.id, id));
}

/** The organization's time zone (its statistics count days in it). */
export async function setTimeZone(db: Queryable, id: string, zone: string) {
  await db.update(customers).set({ timeZone: zone }).where(eq(customers.id, id));
}

export async function updateCustomer(db: Queryable, id: string, patch: CustomerPatch): Promise<CustomerRow> {
  const [row] = await db.update(customers).set(patch).where(eq(customers.id, id)).returning();
  return row!;
}

/**
 * What keeps an organization from being deleted: devices it owns or is linked to (lending either way, device users
 * or receiver entries it added, receiving a device's scans), and cases it sent or keeps a copy of.
 */
export async function customerUsage(
  db: Queryable,
  id: string,
): Promise<{ devices: boolean; cases: boolean }> {
  const [row] = await rowsOf<{ devices: boolean; cases: boolean }>(
    db,
    sql`select
          (exists(select 1 from devices where owner_cust_id = ${id})
            or exists(select 1 from device_auths where cust_id = ${id} or from_cust_id = ${id})
            or exists(select 1 from device_receivers where cust_id = ${id} or created_by_cust_id = ${id})
            or exists(select 1 from device_users where created_by_cust_id = ${id})) as devices,
          (exists(select 1 from case_boxes where cust_id = ${id} or forwarded_to = ${id} or forwarded_by = ${id})
            or exists(select 1 from cases where sender_cust_id = ${id})) as cases`,
  );
  const truthy = (v: unknown) => v === true || v === 't';
  return { devices: truthy(row?.devices), cases: truthy(row?.cases) };
}

/**
 * Deletes the organization (memberships, invitations, join requests, cooperations and attachments go with it by
 * their foreign keys). A row that something else still names (a device bound in the meantime) is not deleted:
 * answers false instead of failing.
 */
export async function deleteCustomer(db: Queryable, id: string): Promise<boolean> {
  try {
    // A savepoint (nested transaction) inside the caller's: a refused delete leaves its transaction usable.
    await db.transaction(async (sp) => {
      await sp.delete(customers).where(eq(customers.id, id));
    });
    return true;
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    return false;
  }
}

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23503') return true;
  return false;
};

/** Where the organization's mail goes: its owners' addresses (each in their language). */
export async function ownerRecipients(
  db: Queryable,
  custId: string,
): Promise<{ username: string; email: string; language: string | null }[]> {
  const rows = await db
    .select({ username: users.username, email: users.email, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.custId, custId),
        eq(memberships.role, 'owner'),
        isNotNull(users.email),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(memberships.createdAt);
  return rows.map((r) => ({ username: r.username, email: r.email!, language: r.language }));
}

/** A user's language (for mail to an organization's own address: its creator's). */
export async function userLanguage(db: Queryable, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

/** Whether the database knows the IANA zone (what the triggers count days in). */
export async function knownZone(db: Queryable, zone: string): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as ok`,
  );
  return row?.ok === true;
}

/** Who belongs to the organization (its members' ids). */
export async function memberIds(db: Queryable, custId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.custId, custId));
  return rows.map((r) => r.userId);
}

/** Of these attachment ids, the ones an organization names as its licence (`license_file` holds the id as text). */
export async function licencesNamed(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: customers.licenseFile })
    .from(customers)
    .where(inArray(customers.licenseFile, [...ids]));
  return new Set(rows.map((r) => r.id!));
}

// ---- membership rows: the writes the members module makes (through orgs.service), in its transaction ----

export async function deleteMembership(db: Queryable, userId: string, custId: string) {
  return db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.custId, custId)))
    .returning({ userId: memberships.userId });
}

/** Every membership of the person removed (the account is deleted). */
export const deleteMembershipsOf = (db: Queryable, userId: string) =>
  db.delete(memberships).where(eq(memberships.userId, userId)).returning({ custId: memberships.custId });

export async function setMembershipRole(db: Queryable, userId: string, custId: string, role: MembershipRole) {
  return db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.userId, userId), eq(memberships.custId, custId)))
    .returning({ userId: memberships.userId });
}

/** A new membership; undefined when the person already is a member. */
export async function addMembership(
  db: Queryable,
  values: { userId: string; custId: string; role: MembershipRole },
) {
  const [row] = await db.insert(memberships).values(values).onConflictDoNothing().returning();
  return row;
}
