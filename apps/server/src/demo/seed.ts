import { randomInt } from 'node:crypto';
import { and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import { hashPassword, verifyPassword } from '../platform/identity/passwords.ts';
import { users } from '../modules/account/users.schema.ts';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { deviceRegistry } from '../modules/devices/devices.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { presetContacts } from '../modules/notices/service-contacts.service.ts';

/** The demo users' published password (README); never the demo administrator's (see seedDemo). */
export const DEMO_PASSWORD = 'demo123';

/**
 * Demo organizations and their users, each with a person's name (the home greets by it). `lab2` is a brand-new user
 * (property `{}`), the others have seen the guide.
 */
export const DEMO_ACCOUNTS = [
  {
    username: 'clinic',
    name: 'Dr. Clara Winter',
    org: 'Demo Clinic',
    custType: CustType.clinic,
    status: CustStatus.authorized,
  },
  {
    username: 'clinic2',
    name: 'Dr. Paul Meier',
    org: 'Demo Clinic 2',
    custType: CustType.clinic,
    status: CustStatus.underReview,
  },
  {
    username: 'lab',
    name: 'Henrik Vogel',
    org: 'Demo Lab',
    custType: CustType.lab,
    status: CustStatus.authorized,
    /** Its brand colour (settings type 3), so the patient's share page of a fresh demo shows a branded header. */
    color: '#6d2f5e',
  },
  {
    username: 'lab2',
    name: 'Ines Bauer',
    org: 'Demo Lab 2',
    custType: CustType.lab,
    status: CustStatus.authorized,
    fresh: true,
  },
  {
    username: 'distributor',
    name: 'Tom Becker',
    org: 'Demo Distributor',
    custType: CustType.distributor,
    status: CustStatus.authorized,
  },
] as const;

/** The demo's service desks, shown in the bell and the help popover (the administrator changes them in /manager). */
export const DEMO_SERVICE_CONTACTS = {
  preSales: {
    text: 'Questions before you buy: scanners, plans and a guided demo.',
    phone: '+49 30 1234 5600',
    email: 'sales@demo.archway.local',
  },
  afterSales: {
    text: 'Help with your scanner, uploads and cases, weekdays 8:00–18:00.',
    phone: '+49 30 1234 5700',
    email: 'support@demo.archway.local',
  },
};

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

/** The marker row (platform_settings) written in the seed's own transaction: present, the seed never runs again. */
export const DEMO_MARKER = 'demo.accounts';
/** The demo administrator's username; its password is generated at the first start (or ARCHWAY_DEMO_ADMIN_PASSWORD's). */
export const DEMO_ADMIN = 'admin';
const DEMO_DOMAIN = '@demo.archway.local';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
/**
 * A password for the demo administrator, published nowhere: 16 characters of the product's password rule (letters,
 * digits, `_`), about 95 random bits.
 */
export const generateAdminPassword = () =>
  Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export interface SeedDemoOptions {
  /** The demo administrator's password (ARCHWAY_DEMO_ADMIN_PASSWORD, or a test's); default: generated. */
  adminPassword?: string | undefined;
}

/**
 * The demo organizations, their owners and the platform administrator, once. A marker row (`demo.accounts`) is
 * inserted in the same transaction as the rows: a second or concurrent start inserts nothing, whatever users did
 * to the demo rows since (renamed, new e-mail, membership removed, deleted), so a start never depends on them.
 * A database seeded before the marker existed (a demo e-mail or organization is there) only gets the marker, and
 * its administrator, when it still has the published password, a password of its own (answered as below).
 * Every membership is made only for a user and an organization this run inserted (never a null id).
 *
 * The demo users share the published {@link DEMO_PASSWORD}; the administrator does not: its password is
 * `opts.adminPassword`, else generated. Answers `{ adminPassword }` when this run made the administrator with a
 * generated password: the caller prints it once (app.ts); it is stored nowhere in clear.
 */
export async function seedDemo(
  db: Db,
  area = 'default',
  opts: SeedDemoOptions = {},
): Promise<{ adminPassword?: string }> {
  await seedRegistry(db, area);
  const [done] = await db
    .select({ key: platformSettings.key })
    .from(platformSettings)
    .where(eq(platformSettings.key, DEMO_MARKER));
  if (done) return {};
  const generated = opts.adminPassword ? undefined : generateAdminPassword();
  const [hash, adminHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(opts.adminPassword ?? generated!),
  ]);
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(platformSettings)
      .values({ key: DEMO_MARKER, value: { seededAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: platformSettings.key });
    if (!first.length) return {};
    const [legacy] = await tx
      .select({ n: count() })
      .from(users)
      .where(ilike(users.email, `%${DEMO_DOMAIN}`));
    const [legacyOrg] = await tx
      .select({ n: count() })
      .from(customers)
      .where(
        inArray(
          customers.name,
          DEMO_ACCOUNTS.map((a) => a.org),
        ),
      );
    if ((legacy?.n ?? 0) > 0 || (legacyOrg?.n ?? 0) > 0) {
      // Seeded by an earlier Archway, whose administrator had the published password: it gets its own now, and
      // whoever signed in with the old one is signed out.
      const [old] = await tx
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.username, DEMO_ADMIN), eq(users.isAdmin, true)));
      if (!old || !(await verifyPassword(DEMO_PASSWORD, old.passwordHash))) return {};
      await tx
        .update(users)
        .set({ passwordHash: adminHash, sessionsValidFrom: sql`now()` })
        .where(eq(users.id, old.id));
      return generated ? { adminPassword: generated } : {};
    }

    const custRows = await tx
      .insert(customers)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          name: a.org,
          custType: a.custType,
          status: a.status,
          contact: a.username,
          email: `${a.username}${DEMO_DOMAIN}`,
          phone: '+1 555 0100',
          country: 'DE',
          city: 'Berlin',
          timeZone: DEMO_TIME_ZONE,
          fontColor: 'color' in a ? a.color : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: customers.id, name: customers.name });
    const userRows = await tx
      .insert(users)
      .values([
        ...DEMO_ACCOUNTS.map((a) => ({
          username: a.username,
          name: a.name,
          passwordHash: hash,
          email: `${a.username}${DEMO_DOMAIN}`,
          // Demo addresses count as confirmed, so the start-up "verify your phone or e-mail" dialog stays away.
          emailConfirmed: '1',
          property: 'fresh' in a ? {} : { skipNovice: 'yes' },
        })),
        {
          username: DEMO_ADMIN,
          passwordHash: adminHash,
          email: `admin${DEMO_DOMAIN}`,
          emailConfirmed: '1',
          isAdmin: true,
          property: { skipNovice: 'yes' },
        },
      ])
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username });

    const userId = new Map(userRows.map((u) => [u.username, u.id]));
    const custId = new Map(custRows.map((c) => [c.name, c.id]));
    const owners = DEMO_ACCOUNTS.flatMap((a) => {
      const u = userId.get(a.username);
      const c = custId.get(a.org);
      return u && c ? [{ userId: u, custId: c, role: 'owner' as const }] : [];
    });
    if (owners.length) await tx.insert(memberships).values(owners).onConflictDoNothing();
    await presetContacts(tx, DEMO_SERVICE_CONTACTS);
    return generated && userId.has(DEMO_ADMIN) ? { adminPassword: generated } : {};
  });
}
