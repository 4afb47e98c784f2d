import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import {
  factories,
  platformAdmin,
  type Factories,
  type OrgRef,
  type PersonRef,
} from '../../testing/factories.ts';
import { users } from '../account/users.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { cooperations } from '../partners/partners.schema.ts';

describe.each(engines)('finding organizations and people, and their public details (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let open: OrgRef; // privacy 0: every field public
  let closed: OrgRef; // privacy 14: e-mail, phone and address hidden
  let lab: OrgRef;
  let outsider: PersonRef;

  const setCust = (org: OrgRef, values: Partial<typeof customers.$inferInsert>) =>
    t.app.platform.db.update(customers).set(values).where(eq(customers.id, org.custId));
  const setUser = (p: { userId: string }, values: Partial<typeof users.$inferInsert>) =>
    t.app.platform.db.update(users).set(values).where(eq(users.id, p.userId));
  const address = { address: '1 Main St', city: 'Oslo', street: 'Main St', country: 'NO', region: 'Oslo' };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own three organizations, found by a word of their own, with e-mails and phones of their own.
  let key: string;
  let email: Record<'open' | 'closed' | 'lab', string>;
  let phone: Record<'open' | 'closed' | 'lab', string>;
  beforeEach(async () => {
    const k = randomBytes(3).toString('hex');
    key = `findme${k}`;
    email = { open: `open-${k}@clinic.test`, closed: `closed-${k}@clinic.test`, lab: `lab-${k}@lab.test` };
    phone = { open: `+47 100 ${k}`, closed: `+47 200 ${k}`, lab: `+47 300 ${k}` };
    open = await f.org({ name: `Findme${k} Open Clinic`, privacy: 0, email: email.open, phone: phone.open });
    closed = await f.org({
      name: `Findme${k} Closed Clinic`,
      privacy: 14,
      email: email.closed,
      phone: phone.closed,
    });
    lab = await f.org({
      name: `Findme${k} Lab`,
      custType: 3,
      privacy: 8,
      email: email.lab,
      phone: phone.lab,
    });
    for (const o of [open, closed, lab]) await setCust(o, address);
    outsider = await f.user(null);
  });

  const find = async (p: PersonRef, key: string) =>
    expectOk(await p.call('GET', `/api2/cust/find?key=${encodeURIComponent(key)}`)) as any[];

  it('organizations by name where name search is on; by e-mail or phone only where privacy and the flag allow', async () => {
    expect((await find(outsider, key)).map((c) => c.name)).toEqual([closed.name, lab.name, open.name]);
    expect((await find(outsider, email.open)).map((c) => c.id)).toEqual([open.custId]);
    expect((await find(outsider, phone.open)).map((c) => c.id)).toEqual([open.custId]);
    // The privacy bits hide the closed clinic from exact e-mail and phone search.
    expect(await find(outsider, email.closed)).toEqual([]);
    expect(await find(outsider, phone.closed)).toEqual([]);
    // The flags too: e-mail search off, name search off.
    await setCust(open, { searchEmail: false, searchName: false });
    expect(await find(outsider, email.open)).toEqual([]);
    expect((await find(outsider, key)).map((c) => c.name)).not.toContain(open.name);
    expect((await find(outsider, phone.open)).map((c) => c.id)).toEqual([open.custId]);
    await setCust(open, { searchPhone: false });
    expect(await find(outsider, phone.open)).toEqual([]);
    await setCust(open, { searchEmail: true, searchName: true, searchPhone: true });
    // A certification that failed hides the organization; an empty key finds nothing; max is bounded.
    await setCust(lab, { status: 2 });
    expect((await find(outsider, key)).map((c) => c.name)).not.toContain(lab.name);
    await setCust(lab, { status: 0 });
    expect(await find(outsider, '')).toEqual([]);
    expect(await find(outsider, key)).toHaveLength(3);
    expect(expectOk(await outsider.call('GET', `/api2/cust/find?key=${key}&max=1`))).toHaveLength(1);
    expectCode(await outsider.call('GET', `/api2/cust/find?key=${key}&max=50`), 400);
    expect((await t.app.inject({ method: 'GET', url: `/api2/cust/find?key=${key}` })).statusCode).toBe(401);
  });

  it('hidden fields are null (bit 8 hides address, city and street) except to the organization itself; joinState', async () => {
    const byName = Object.fromEntries((await find(outsider, key)).map((c) => [c.name, c]));
    expect(byName[open.name]).toMatchObject({
      email: email.open,
      phone: phone.open,
      ...address,
      joinState: 'none',
    });
    expect(byName[closed.name]).toMatchObject({
      email: null,
      phone: null,
      address: null,
      city: null,
      street: null,
      country: 'NO',
      region: 'Oslo',
    });
    expect(byName[lab.name]).toMatchObject({
      email: email.lab,
      phone: phone.lab,
      address: null,
      city: null,
    });
    const own = (await find(closed.owner, key)).find((c) => c.id === closed.custId);
    expect(own).toMatchObject({
      email: email.closed,
      phone: phone.closed,
      address: '1 Main St',
      joinState: 'member',
    });
    expectOk(await outsider.call('GET', `/api2/user/customer/join?custId=${lab.custId}`));
    expect((await find(outsider, `${key} lab`))[0].joinState).toBe('pending');
  });

  it('clinic and factory details by id apply privacy; the wrong kind is not found; a person’s organization', async () => {
    expect(expectOk(await outsider.call('GET', `/cust/clinic/${closed.custId}`))).toMatchObject({
      name: closed.name,
      email: null,
      phone: null,
      street: null,
    });
    expect(expectOk(await closed.owner.call('GET', `/cust/clinic/${closed.custId}`))).toMatchObject({
      email: email.closed,
    });
    expect(expectOk(await outsider.call('GET', `/cust/factory/${lab.custId}`))).toMatchObject({
      phone: phone.lab,
      city: null,
    });
    expectCode(await outsider.call('GET', `/cust/clinic/${lab.custId}`), -1);
    expectCode(await outsider.call('GET', `/cust/factory/${open.custId}`), -1);
    expectCode(await outsider.call('GET', '/cust/factory/nope'), -1);
    expectCode(await outsider.call('GET', '/cust/clinic/00000000-0000-4000-8000-000000000000'), -1);
    expect(
      expectOk(await outsider.call('GET', `/cust/clinic/detail?userId=${open.owner.userId}`)),
    ).toMatchObject({
      id: open.custId,
      email: email.open,
    });
    expectCode(await open.owner.call('GET', `/cust/clinic/detail?userId=${outsider.userId}`), -1);
  });

  it('people by exact username, e-mail or phone, only where each search setting is on; the same empty answer otherwise', async () => {
    const ada = await f.user(open, { username: 'ada.find', email: 'Ada.Find@example.test' });
    // Found by e-mail and phone only once the person turns that on (off by default).
    await setUser(ada, { phone: '+47 555' });
    expect(
      expectOk(
        await outsider.call('GET', `/api2/user/find?key=${encodeURIComponent('ada.find@example.test')}`),
      ),
    ).toEqual([]);
    await setUser(ada, { searchEmail: true, searchPhone: true });
    const people = async (key: string, by = outsider) =>
      expectOk(await by.call('GET', `/api2/user/find?key=${encodeURIComponent(key)}`)) as any[];
    expect((await people('ADA.FIND')).map((p) => p.userId)).toEqual([ada.userId]);
    expect((await people('ada.find@example.test')).map((p) => p.userId)).toEqual([ada.userId]);
    expect((await people('+47 555')).map((p) => p.userId)).toEqual([ada.userId]);
    expect(await people('ada')).toEqual([]); // exact only
    // POST /user/v2/find answers the same.
    expect(expectOk(await outsider.call('POST', '/user/v2/find', { key: 'ada.find' }))).toEqual(
      await people('ada.find'),
    );

    await setUser(ada, { searchName: false, searchEmail: false, searchPhone: false });
    const nobody = await people('nobody@example.test');
    expect(nobody).toEqual([]);
    for (const key of ['ada.find', 'ada.find@example.test', '+47 555'])
      expect(await people(key)).toEqual(nobody);
    // Colleagues obey the setting too (search is search).
    expect(await people('ada.find', open.owner)).toEqual([]);
    await setUser(ada, { searchName: true });
    // Found by name, but the e-mail and phone stay hidden from outsiders.
    expect((await people('ada.find'))[0]).toMatchObject({
      username: 'ada.find',
      email: null,
      phone: null,
      custName: null,
    });
    // A disabled account is never found.
    await setUser(ada, { disabled: true });
    expect(await people('ada.find')).toEqual([]);
    await setUser(ada, { disabled: false, searchEmail: true, searchPhone: true });
    // A bounded number of searches per person and hour (both calls count).
    const prober = await f.user(null);
    await t.app.platform.db.execute(
      sql`insert into sign_in_counters (key, n) values (${`userFind:${prober.userId}`}, 199)`,
    );
    expectOk(await prober.call('POST', '/user/v2/find', { key: 'ada.find' }));
    expectCode(await prober.call('GET', '/api2/user/find?key=ada.find'), 429);
  });

  it("a person's e-mail and phone: only the person, an administrator, an owner of their organization, and (where the person allows it) fellow members and cooperating partners see them", async () => {
    const pat = await f.user(closed); // the defaults of a new account
    await setUser(pat, { phone: '+47 888' });
    const fresh = await f.user(null); // signed in, no organization
    const colleague = await f.user(closed);
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, closed.owner.userId), eq(memberships.custId, closed.custId)));
    const partner = await f.org();
    const [coop] = await t.app.platform.db
      .insert(cooperations)
      .values({ applicantId: partner.custId, partnerId: closed.custId, state: 1 })
      .returning({ id: cooperations.id });
    const stranger = await f.org();
    const admin = await platformAdmin(t.app);
    const sees = async (by: PersonRef) => {
      const d = expectOk(await by.call('GET', `/api2/user/detail?userId=${pat.userId}`));
      return { email: d.email, phone: d.phone };
    };
    const both = { email: `${pat.username}@factory.test`, phone: '+47 888' };
    const none = { email: null, phone: null };

    // A new account's search settings for e-mail and phone are off, as an organization's privacy hides its own.
    expect(expectOk(await pat.call('GET', '/user/find/setting'))).toMatchObject({
      emailNotice: false,
      phoneNotice: false,
    });
    expect(await sees(fresh)).toEqual(none);
    expect(await sees(outsider)).toEqual(none);
    expect(await sees(stranger.owner)).toEqual(none);
    expect(await sees(partner.owner)).toEqual(none);
    expect(await sees(colleague)).toEqual(none);
    expect(await sees(closed.owner)).toEqual(both);
    expect(await sees(admin)).toEqual(both);
    expect(await sees(pat)).toEqual(both);

    // The person lets others find them by e-mail and phone: their colleagues and partners see them; nobody else.
    await setUser(pat, { searchEmail: true, searchPhone: true });
    expect(await sees(colleague)).toEqual(both);
    expect(await sees(partner.owner)).toEqual(both);
    expect(await sees(fresh)).toEqual(none);
    expect(await sees(outsider)).toEqual(none);
    expect(await sees(stranger.owner)).toEqual(none);
    // The same in search results: a stranger who finds the person by name is not shown the contacts.
    const found = expectOk(
      await fresh.call('GET', `/api2/user/find?key=${encodeURIComponent(pat.username)}`),
    ) as any[];
    expect(found.map((p) => ({ email: p.email, phone: p.phone }))).toEqual([none]);
    // A closed cooperation is no tie.
    await t.app.platform.db.update(cooperations).set({ state: 2 }).where(eq(cooperations.id, coop!.id));
    expect(await sees(partner.owner)).toEqual(none);
  });

  it("a person's details: outsiders see what the settings allow; colleagues see the organization; owners the contacts", async () => {
    const bo = await f.user(closed, { username: 'bo.detail' });
    await setUser(bo, { searchEmail: false, searchPhone: false, phone: '+47 777' });
    const colleague = await f.user(closed);
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, closed.owner.userId), eq(memberships.custId, closed.custId)));
    const detail = async (by: PersonRef) =>
      expectOk(await by.call('GET', `/api2/user/detail?userId=${bo.userId}`));
    expect(await detail(outsider)).toMatchObject({
      username: 'bo.detail',
      email: null,
      phone: null,
      custId: null,
      role: null,
    });
    expect(await detail(colleague)).toMatchObject({
      email: null,
      phone: null,
      custId: closed.custId,
      custName: closed.name,
      role: 'member',
    });
    expect(await detail(closed.owner)).toMatchObject({
      email: 'bo.detail@factory.test',
      phone: '+47 777',
      custId: closed.custId,
    });
    expect(await detail(bo)).toMatchObject({ email: 'bo.detail@factory.test', phone: '+47 777' });
    expectCode(
      await outsider.call('GET', '/api2/user/detail?userId=00000000-0000-4000-8000-000000000000'),
      404,
    );
    expectCode(await outsider.call('GET', '/api2/user/detail?userId=x'), 404);
  });
});
