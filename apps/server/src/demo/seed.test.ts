import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Password } from '@archway/contract';
import { users } from '../modules/account/users.schema.ts';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { createTestApp, engines, signIn, type TestApp } from '../testing/test-app.ts';
import { cases } from '../modules/cases/cases.schema.ts';
import { deviceRegistry } from '../modules/devices/devices.schema.ts';
import { hashPassword } from '../platform/identity/passwords.ts';
import { DEMO_CASES, seedDemoCases } from './seed-cases.ts';
import { seedDemoOrderForm } from './seed-orders.ts';
import { seedDemoHelp } from './seed-help.ts';
import { DEMO_RELEASE_NOTES, seedDemoUpdates } from './seed-updates.ts';
import { releaseNotes } from '../modules/updates/updates.schema.ts';
import { DEMO_PASSWORD, DEMO_SERVICE_CONTACTS, seedDemo } from './seed.ts';
import { presetContacts, readContacts } from '../modules/notices/service-contacts.service.ts';

const token = async (app: FastifyInstance, username: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/account/token', payload: { username, password } })).json() as {
    success: boolean;
  };

describe.each(engines)('demo data (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('creates the demo organizations and users once, however often it runs', async () => {
    const db = t.app.platform.db;
    await Promise.all([seedDemo(db), seedDemo(db)]);
    await seedDemo(db);
    const [[u], [c], [m]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(memberships),
    ]);
    expect(u!.n).toBe(6);
    expect(c!.n).toBe(5);
    expect(m!.n).toBe(5);
  });

  it("sets both service desks, so the bell shows them; an administrator's own details are never replaced", async () => {
    const db = t.app.platform.db;
    await seedDemo(db);
    expect(await readContacts(db)).toEqual(DEMO_SERVICE_CONTACTS);
    const own = { ...DEMO_SERVICE_CONTACTS, preSales: { text: '', phone: '+1 555 0100', email: '' } };
    expect(await presetContacts(db, own)).toBe(false);
    expect(await readContacts(db)).toEqual(DEMO_SERVICE_CONTACTS);
  });
});

describe.each(engines)('demo data after users changed it (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('starts again after a demo user renamed itself, e-mails, memberships, organizations and registry rows changed', async () => {
    const db = t.app.platform.db;
    const clinic = await signIn(t.app, 'clinic');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api2/user/profile',
      headers: clinic,
      payload: { username: 'clinicx' },
    });
    expect(renamed.json().success).toBe(true);
    await db.update(users).set({ email: 'lab.moved@example.com' }).where(eq(users.username, 'lab'));
    const [distributor] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'distributor'));
    await db.delete(memberships).where(eq(memberships.userId, distributor!.id));
    await db.update(customers).set({ name: 'Clinic Two Renamed' }).where(eq(customers.name, 'Demo Clinic 2'));
    await db.delete(users).where(eq(users.username, 'lab2'));
    await db.delete(deviceRegistry).where(eq(deviceRegistry.serial, 'C10000001'));
    // The administrator deleted a demo release note (this app's start wrote them).
    const note = DEMO_RELEASE_NOTES[0]!.version;
    expect(await db.delete(releaseNotes).where(eq(releaseNotes.version, note)).returning()).toHaveLength(1);
    const counted = async () =>
      Promise.all([
        db.select({ n: count() }).from(users),
        db.select({ n: count() }).from(customers),
        db.select({ n: count() }).from(memberships),
      ]).then((r) => r.map(([x]) => x!.n));
    const before = await counted();

    // A second process on the same database is a start with demo data on (app.ts runs every seed).
    const again = await t.sibling();
    await seedDemo(db);
    await seedDemoOrderForm(db);
    await seedDemoHelp(db);
    expect(await counted()).toEqual(before);
    await seedDemoUpdates(db, t.app.platform.storage);
    expect(await db.select().from(releaseNotes).where(eq(releaseNotes.version, note))).toEqual([]);
    const [lab2Back] = await db.select({ n: count() }).from(users).where(eq(users.username, 'lab2'));
    expect(lab2Back!.n).toBe(0);
    const [clinicOrg] = await db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.username, 'clinicx'));
    expect(clinicOrg!.n).toBe(1);
    expect((await token(again, 'clinicx', DEMO_PASSWORD)).success).toBe(true);
  });
});

describe.each(engines)('demo administrator (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // An empty database: the demo's first start.
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  it('gets a password generated at the first start, answered once, never the published one', async () => {
    const db = t.app.platform.db;
    const runs = await Promise.all([seedDemo(db), seedDemo(db)]);
    const third = await seedDemo(db);
    const given = runs.map((r) => r?.adminPassword).filter(Boolean) as string[];
    expect(given).toHaveLength(1);
    expect(third?.adminPassword).toBeUndefined();
    const password = given[0]!;
    expect(password).toMatch(Password.pattern);
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(password.length).toBeLessThanOrEqual(Password.max);
    const [[u], [c], [m]] = await Promise.all([
      db.select({ n: count() }).from(users),
      db.select({ n: count() }).from(customers),
      db.select({ n: count() }).from(memberships),
    ]);
    expect([u!.n, c!.n, m!.n]).toEqual([6, 5, 5]);

    expect((await token(t.app, 'admin', DEMO_PASSWORD)).success).toBe(false);
    expect((await token(t.app, 'admin', password)).success).toBe(true);
    expect((await token(t.app, 'clinic', DEMO_PASSWORD)).success).toBe(true);
  });

  it('gives the administrator of a database seeded before (password demo123) a password of its own', async () => {
    const other = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    try {
      const db = other.app.platform.db;
      await db.insert(users).values({
        username: 'admin',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        email: 'admin@demo.archway.local',
        isAdmin: true,
      });
      const old = await token(other.app, 'admin', DEMO_PASSWORD);
      expect(old.success).toBe(true);
      const done = await seedDemo(db);
      expect(done.adminPassword).toMatch(Password.pattern);
      expect((await token(other.app, 'admin', DEMO_PASSWORD)).success).toBe(false);
      expect((await token(other.app, 'admin', done.adminPassword!)).success).toBe(true);
      // Only the marker was added: nothing else of the demo is written over an earlier one.
      const [c] = await db.select({ n: count() }).from(customers);
      expect(c!.n).toBe(0);
      expect(await seedDemo(db)).toEqual({});
    } finally {
      await other.close();
    }
  });

  it('takes the password it is given (ARCHWAY_DEMO_ADMIN_PASSWORD), and then answers none', async () => {
    const other = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    try {
      const done = await seedDemo(other.app.platform.db, 'default', { adminPassword: 'chosen_pw_42' });
      expect(done?.adminPassword).toBeUndefined();
      expect((await token(other.app, 'admin', 'chosen_pw_42')).success).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe.each(engines)('demo cases (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO_CASES: 'true' });
  });
  afterAll(() => t.close());

  it('sends Demo Lab a few dozen cases over 120 days, every type, one encrypted, once however often it runs', async () => {
    const { db, storage } = t.app.platform;
    await Promise.all([seedDemoCases(db, storage), seedDemoCases(db, storage)]);
    const [[c]] = await Promise.all([db.select({ n: count() }).from(cases)]);
    expect(c!.n).toBe(DEMO_CASES);
    const lab = await signIn(t.app, 'lab');
    const res = await t.app.inject({
      method: 'POST',
      url: '/getpaging',
      headers: lab,
      payload: { pageSize: 100 },
    });
    const rows = res.json().data.records as {
      caseType: number;
      crypto: number;
      isPreview: boolean;
      time: string;
    }[];
    expect(rows).toHaveLength(DEMO_CASES);
    expect(new Set(rows.map((r) => r.caseType))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((r) => r.crypto === 1)).toHaveLength(1);
    // Some are past the 90-day preview window.
    expect(rows.some((r) => r.isPreview) && rows.some((r) => !r.isPreview)).toBe(true);
    let stored = 0;
    for await (const _ of storage.list('cases/')) stored++;
    // Both jaws of every plain case, one file of the encrypted one; nothing left over from the losing run.
    expect(stored).toBe(2 * DEMO_CASES - 1);
  });
});
