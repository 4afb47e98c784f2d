import { inArray } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import { hashPassword } from '../platform/identity/passwords.ts';
import { customers, memberships, users } from '../modules/users/users.schema.ts';

export const DEMO_PASSWORD = 'demo123';

/** Demo organizations and their users. `lab2` is a brand-new user (property `{}`), the others have seen the guide. */
export const DEMO_ACCOUNTS = [
  { username: 'clinic', org: 'Demo Clinic', custType: CustType.clinic, status: CustStatus.authorized },
  { username: 'clinic2', org: 'Demo Clinic 2', custType: CustType.clinic, status: CustStatus.underReview },
  { username: 'lab', org: 'Demo Lab', custType: CustType.lab, status: CustStatus.authorized },
  { username: 'lab2', org: 'Demo Lab 2', custType: CustType.lab, status: CustStatus.authorized, fresh: true },
  {
    username: 'distributor',
    org: 'Demo Distributor',
    custType: CustType.distributor,
    status: CustStatus.authorized,
  },
] as const;

/** Created once; every step is "insert unless present", so concurrent or repeated starts are harmless. */
export async function seedDemo(db: Db): Promise<void> {
  const names = [...DEMO_ACCOUNTS.map((a) => a.username), 'admin'];
  const existing = new Set(
    (await db.select({ username: users.username }).from(users).where(inArray(users.username, names))).map(
      (u) => u.username,
    ),
  );
  if (existing.size === names.length) return;
  const hash = await hashPassword(DEMO_PASSWORD);

  await db
    .insert(customers)
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        name: a.org,
        custType: a.custType,
        status: a.status,
        contact: a.username,
        email: `${a.username}@demo.archway.local`,
        phone: '+1 555 0100',
        country: 'DE',
        city: 'Berlin',
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(users)
    .values([
      ...DEMO_ACCOUNTS.map((a) => ({
        username: a.username,
        passwordHash: hash,
        email: `${a.username}@demo.archway.local`,
        property: 'fresh' in a ? {} : { skipNovice: 'yes' },
      })),
      {
        username: 'admin',
        passwordHash: hash,
        email: 'admin@demo.archway.local',
        isAdmin: true,
        property: { skipNovice: 'yes' },
      },
    ])
    .onConflictDoNothing();

  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, names));
  const custRows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(
      inArray(
        customers.name,
        DEMO_ACCOUNTS.map((a) => a.org),
      ),
    );
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  const custId = new Map(custRows.map((c) => [c.name, c.id]));
  await db
    .insert(memberships)
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        userId: userId.get(a.username)!,
        custId: custId.get(a.org)!,
        role: 'owner' as const,
      })),
    )
    .onConflictDoNothing();
}
