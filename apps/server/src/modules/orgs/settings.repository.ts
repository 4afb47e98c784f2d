import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { customers } from './orgs.schema.ts';

export async function userSettings(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      searchEmail: users.searchEmail,
      searchPhone: users.searchPhone,
      searchName: users.searchName,
      caseEmailNotice: users.caseEmailNotice,
      equipEmailNotice: users.equipEmailNotice,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function customerSettings(db: Queryable, custId: string) {
  const [row] = await db
    .select({
      id: customers.id,
      searchEmail: customers.searchEmail,
      searchPhone: customers.searchPhone,
      searchName: customers.searchName,
      introduction: customers.introduction,
      fontColor: customers.fontColor,
      privacy: customers.privacy,
    })
    .from(customers)
    .where(eq(customers.id, custId))
    .limit(1);
  return row;
}

export async function updateCustomerSettings(
  db: Queryable,
  custId: string,
  set: Partial<
    Pick<
      typeof customers.$inferInsert,
      'searchEmail' | 'searchPhone' | 'searchName' | 'introduction' | 'fontColor'
    >
  >,
) {
  const rows = await db
    .update(customers)
    .set(set)
    .where(eq(customers.id, custId))
    .returning({ id: customers.id });
  return rows.length > 0;
}

/** Sets (hide) or clears (show) one privacy bit in one statement; answers the new mask. */
export async function changePrivacyBit(db: Queryable, custId: string, bit: number, hide: boolean) {
  const [row] = await db
    .update(customers)
    .set({
      privacy: hide ? sql`${customers.privacy} | ${bit}::int` : sql`${customers.privacy} & ~${bit}::int`,
    })
    .where(eq(customers.id, custId))
    .returning({ privacy: customers.privacy });
  return row?.privacy;
}
