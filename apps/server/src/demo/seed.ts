import { inArray } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import { hashPassword } from '../platform/identity/passwords.ts';
import { users } from '../modules/users/users.schema.ts';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { deviceRegistry } from '../modules/devices/devices.schema.ts';

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

export const DEMO_BIND_CODE = '123456';
/** The demo organizations are in Berlin: their statistics count days there. */
export const DEMO_TIME_ZONE = 'Europe/Berlin';
/** Unbound demo scanners in this deployment's area, and C90000001 in another area (binding it answers -131). */
export const demoSerials = () =>
  ['C1', 'E2', 'P3'].flatMap((prefix) =>
    Array.from({ length: 10 }, (_, i) => `${prefix}00000${String(i + 1).padStart(2, '0')}`),
  );
export const OTHER_AREA_SERIAL = 'C90000001';

async function seedRegistry(db: Db, area: string) {
  await db
    .insert(deviceRegistry)
    .values([
      ...demoSerials().map((serial) => ({ serial, bindCode: DEMO_BIND_CODE, area })),
      { serial: OTHER_AREA_SERIAL, bindCode: DEMO_BIND_CODE, area: `${area}-other` },
    ])
    .onConflictDoNothing();
}

/** Created once; every step is "insert unless present", so concurrent or repeated starts are harmless. */
export async function seedDemo(db: Db, area = 'default'): Promise<void> {
  await seedRegistry(db, area);
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
        timeZone: DEMO_TIME_ZONE,
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
        // Demo addresses count as confirmed, so the start-up "verify your phone or e-mail" dialog stays away.
        emailConfirmed: '1',
        property: 'fresh' in a ? {} : { skipNovice: 'yes' },
      })),
      {
        username: 'admin',
        passwordHash: hash,
        email: 'admin@demo.archway.local',
        emailConfirmed: '1',
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
