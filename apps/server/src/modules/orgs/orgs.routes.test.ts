import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { deviceReceivers } from '../devices/devices.schema.ts';
import { customers, memberships } from './orgs.schema.ts';

describe.each(engines)('organizations (%s)', (engine) => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: object, payload?: unknown) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

  it('GET /api2/cust carries status: 0 authorized, otherwise registered', async () => {
    const clinic = await f.org({ custType: CustType.clinic });
    const mine = (await call('GET', '/api2/cust', clinic.owner.headers)).json().data;
    expect(mine).toMatchObject({ name: clinic.name, custType: 2, status: 0, privacy: 14 });
    const clinic2 = await f.org({ custType: CustType.clinic, status: CustStatus.underReview });
    const other = (await call('GET', '/api2/cust', clinic2.owner.headers)).json().data;
    expect(other).toMatchObject({ name: clinic2.name, status: 1 });
    const distributor = await f.org({ custType: CustType.distributor });
    const dist = (await call('GET', '/api2/cust', distributor.owner.headers)).json().data;
    expect(dist).toMatchObject({ name: distributor.name, custType: 4 });
  });

  it('a user without an organization is told to complete it, on read and on write', async () => {
    // The platform administrator, and a person who has not founded or joined one yet.
    for (const person of [await platformAdmin(t.app), await f.user()])
      for (const [method, url] of [
        ['GET', '/api2/cust'],
        ['PUT', '/api2/cust/property'],
      ] as const) {
        const res = await call(
          method,
          url,
          person.headers,
          method === 'PUT' ? { property: { a: 1 } } : undefined,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, errorCode: -5, data: { key: 'cust.missing' } });
      }
  });

  it('PUT /api2/cust/property stores e.g. skipNovice on the organization only, audited', async () => {
    const [clinic, lab] = [await f.org(), await f.org({ custType: CustType.lab })];
    const res = await call('PUT', '/api2/cust/property', clinic.owner.headers, {
      property: { skipNovice: 'yes', x: 1 },
    });
    expect(res.json()).toMatchObject({ success: true, data: { property: { skipNovice: 'yes', x: 1 } } });
    const removed = await call('PUT', '/api2/cust/property', clinic.owner.headers, { property: { x: null } });
    expect(removed.json().data.property).toEqual({ skipNovice: 'yes' });
    expect((await call('GET', '/api2/cust', clinic.owner.headers)).json().data.property).toEqual({
      skipNovice: 'yes',
    });
    const otherOrg = (await call('GET', '/api2/cust', lab.owner.headers)).json().data.property;
    expect(otherOrg).toEqual({});
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.property'), eq(auditLog.objectId, clinic.custId)));
    expect(rows.length).toBe(2);
    expect(rows[0]).toMatchObject({ outcome: 'allowed', objectType: 'customer' });
  });

  it('PUT /api2/cust/property refuses a huge, deep or unsafe property with a parameter error', async () => {
    const clinic = await f.org();
    expect(
      (
        await call('PUT', '/api2/cust/property', clinic.owner.headers, { property: { skipNovice: 'yes' } })
      ).json().success,
    ).toBe(true);
    const deep = (n: number): Record<string, unknown> => (n === 0 ? {} : { a: deep(n - 1) });
    for (const property of [{ big: 'x'.repeat(17 * 1024) }, deep(9), { s: 'a\u0000b' }]) {
      const res = await call('PUT', '/api2/cust/property', clinic.owner.headers, { property });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 400, data: { key: 'generic.validation' } });
    }
    expect((await call('GET', '/api2/cust', clinic.owner.headers)).json().data.property).toEqual({
      skipNovice: 'yes',
    });
  });

  it('concurrent property patches of one organization all land (the row is locked)', async () => {
    const lab = (await f.org({ custType: CustType.lab })).owner.headers;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', '/api2/cust/property', lab, { property: { [`k${i}`]: i } }),
      ),
    );
    const property = (await call('GET', '/api2/cust', lab)).json().data.property;
    expect(Object.keys(property).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `k${i}`).sort());
  });

  it('refuses an anonymous caller with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api2/cust'],
      ['PUT', '/api2/cust/property'],
    ] as const) {
      const res = await call(method, url, {}, method === 'PUT' ? { property: {} } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errorCode).toBe(401);
    }
  });
});

describe.each(engines)('creating, editing and deleting an organization (%s)', (engine) => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const fields = (over: Record<string, unknown> = {}) => ({
    name: `Lab ${Math.random().toString(36).slice(2, 8)}`,
    custType: 3,
    contact: 'Mia Chen',
    phone: '+49 30 1234',
    creditCode: '91110000MA01',
    email: 'lab@example.test',
    city: 'Berlin',
    ...over,
  });
  const upload = async (
    who: PersonRef,
    file = { field: 'file', name: 'licence.pdf', bytes: sample.pdf(512) },
  ) => {
    const form = formData({}, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/attachment',
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
    return res.json().data as { id: string; url: string };
  };
  const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
  const roleOf = async (userId: string) =>
    (await t.app.platform.db.select().from(memberships).where(eq(memberships.userId, userId)))[0]?.role;
  /** A person who has just created an organization (its owner) through the API. */
  const founded = async (over: Record<string, unknown> = {}) => {
    const owner = await f.user();
    const licence = await upload(owner);
    const res = await owner.call('POST', '/api2/cust', fields({ licenseFile: licence.id, ...over }));
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return { owner, org: res.body.data as { id: string; name: string }, licence };
  };

  it('creates an organization under review with its licence; the creator is its owner', async () => {
    const person = await f.user();
    expect((await person.call('GET', '/api2/cust')).body).toMatchObject(refused(-5, 'cust.missing'));
    const licence = await upload(person);
    const body = fields({ name: '  Smile Lab  ', licenseFile: licence.id, memo: 'Night shifts' });
    const res = await person.call('POST', '/api2/cust', body);
    expect(res.body).toMatchObject({
      success: true,
      data: {
        name: 'Smile Lab',
        custType: 3,
        status: 1,
        contact: 'Mia Chen',
        memo: 'Night shifts',
        role: 'owner',
        actions: ['edit', 'resubmit', 'delete'],
        licence: { id: licence.id, type: 'pdf', url: `/attachment/${licence.id}` },
      },
    });
    expect(await roleOf(person.userId)).toBe('owner');
    // The same token now acts for the new organization: the top bar's user shows it.
    const me = (await person.call('GET', '/user/current')).body.data;
    expect(me).toMatchObject({ custName: 'Smile Lab', custType: 3, custStatus: 1 });
    expect((await person.call('GET', '/api2/cust')).body.data).toMatchObject({
      name: 'Smile Lab',
      role: 'owner',
    });
    // The licence now belongs to the organization: its members read it, strangers are told it does not exist.
    const read = await t.app.inject({ method: 'GET', url: licence.url, headers: person.headers });
    expect(read.statusCode).toBe(200);
    const stranger = await f.org();
    const hidden = await stranger.owner.call('GET', licence.url);
    expect(hidden.body).toMatchObject({ success: false, data: { key: 'generic.objectNotFound' } });
    const rows = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.create'));
    expect(rows.some((r) => r.outcome === 'allowed' && r.actorUserId === person.userId)).toBe(true);
  });

  it('POST /cust/clinic is the same call; the licence is optional', async () => {
    const person = await f.user();
    const res = await person.call('POST', '/cust/clinic', fields({ custType: 2 }));
    expect(res.body).toMatchObject({ success: true, data: { custType: 2, status: 1, licence: null } });
  });

  it('refuses with the documented codes: -1 name, -2 already registered, -6 name taken, -3, -4', async () => {
    const person = await f.user();
    expect((await person.call('POST', '/api2/cust', fields({ name: '   ' }))).body).toMatchObject(
      refused(-1, 'org.nameTip'),
    );
    expect((await person.call('POST', '/api2/cust', fields({ name: 'x'.repeat(101) }))).body).toMatchObject(
      refused(-1, 'org.nameTip'),
    );
    const { name: _n, ...noName } = fields();
    expect((await person.call('POST', '/api2/cust', noName)).body).toMatchObject(refused(-1, 'org.nameTip'));
    // Names are unique in any letter case.
    const existing = await f.org({ name: 'Bright Dental' });
    const taken = await person.call('POST', '/api2/cust', fields({ name: 'bright DENTAL' }));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject(refused(-6, 'org.nameTaken'));
    for (const bad of [
      { contact: '' },
      { phone: undefined },
      { creditCode: '' },
      { custType: 5 },
      { email: 'nope' },
    ])
      expect((await person.call('POST', '/api2/cust', fields(bad))).body, JSON.stringify(bad)).toMatchObject(
        refused(-3, 'org.parameter'),
      );
    // Someone else's upload, a random id.
    const other = await upload(await f.user());
    for (const id of [other.id, '00000000-0000-4000-8000-000000000000'])
      expect((await person.call('POST', '/api2/cust', fields({ licenseFile: id }))).body).toMatchObject(
        refused(-4, 'org.licence'),
      );
    // A member of an organization cannot found another one.
    expect((await existing.owner.call('POST', '/api2/cust', fields())).body).toMatchObject(
      refused(-2, 'org.alreadyRegistered'),
    );
    // Nothing was created by the refusals.
    expect(await roleOf(person.userId)).toBeUndefined();
    const anon = await t.app.inject({ method: 'POST', url: '/api2/cust', payload: fields() });
    expect(anon.statusCode).toBe(401);
  });

  it('two creations of the same name at once: exactly one wins', async () => {
    const [a, b] = [await f.user(), await f.user()];
    const answers = await Promise.all([
      a.call('POST', '/api2/cust', fields({ name: 'Race Lab' })),
      b.call('POST', '/api2/cust', fields({ name: 'RACE lab' })),
    ]);
    expect(answers.map((r) => r.body.success).sort()).toEqual([false, true]);
    expect(answers.find((r) => !r.body.success)!.body).toMatchObject(refused(-6, 'org.nameTaken'));
  });

  it('PUT /api2/cust: the owner edits, a member is refused, a taken name is -9', async () => {
    const { owner, org } = await founded();
    const member = await f.user({ custId: org.id });
    expect((await member.call('PUT', '/api2/cust', { memo: 'mine' })).body).toMatchObject(
      refused(-5, 'org.notOwner'),
    );
    expect((await member.call('GET', '/api2/cust')).body.data).toMatchObject({ role: 'member', actions: [] });
    const other = await f.org({ name: 'Taken Name Lab' });
    expect((await owner.call('PUT', '/api2/cust', { name: 'taken name LAB' })).body).toMatchObject(
      refused(-9, 'org.renameTaken'),
    );
    expect((await owner.call('PUT', '/api2/cust', { name: '' })).body).toMatchObject(
      refused(-1, 'org.nameTip'),
    );
    const res = await owner.call('PUT', '/api2/cust', {
      name: `${org.name} GmbH`,
      memo: 'Open Saturdays',
      city: null,
    });
    expect(res.body).toMatchObject({
      success: true,
      data: { name: `${org.name} GmbH`, memo: 'Open Saturdays', city: null },
    });
    // Changing only the letter case of its own name is allowed.
    expect((await owner.call('PUT', '/api2/cust', { name: `${org.name} GMBH` })).body.success).toBe(true);
    // The other organization is untouched.
    expect((await other.owner.call('GET', '/api2/cust')).body.data.name).toBe('Taken Name Lab');
  });

  it('after a failed audit an edit or new certification data puts the organization back under review', async () => {
    const { owner, org, licence: first } = await founded();
    await t.app.platform.db
      .update(customers)
      .set({ status: 2, auditReason: 'Blurred licence' })
      .where(eq(customers.id, org.id));
    expect((await owner.call('GET', '/api2/cust')).body.data).toMatchObject({
      status: 2,
      auditReason: 'Blurred licence',
      actions: ['edit', 'resubmit', 'delete'],
    });
    expect((await owner.call('PUT', '/api2/cust', { contact: 'Ana' })).body.data).toMatchObject({
      status: 1,
      auditReason: null,
    });
    await t.app.platform.db.update(customers).set({ status: 2 }).where(eq(customers.id, org.id));
    const member = await f.user({ custId: org.id });
    const fresh = await upload(owner);
    expect(
      (await member.call('PUT', '/api2/cust/credit', { creditCode: 'X1', licenseFile: fresh.id })).body,
    ).toMatchObject(refused(-5, 'org.notOwner'));
    const foreign = await upload(await f.user());
    expect(
      (await owner.call('PUT', '/api2/cust/credit', { creditCode: 'X1', licenseFile: foreign.id })).body,
    ).toMatchObject(refused(-4, 'org.licence'));
    expect((await owner.call('PUT', '/api2/cust/credit', { creditCode: '' })).body).toMatchObject(
      refused(-3, 'org.parameter'),
    );
    const res = await owner.call('PUT', '/api2/cust/credit', {
      creditCode: 'NEW-CODE-1',
      licenseFile: fresh.id,
    });
    expect(res.body).toMatchObject({
      success: true,
      data: { status: 1, creditCode: 'NEW-CODE-1', licence: { id: fresh.id } },
    });
    // The licence it replaced is gone; the new one is readable.
    expect((await owner.call('GET', first.url)).body).toMatchObject(refused(404, 'generic.objectNotFound'));
    expect((await t.app.inject({ method: 'GET', url: fresh.url, headers: owner.headers })).statusCode).toBe(
      200,
    );
    // A verified organization that changes its credit code is checked again; other edits keep it verified.
    await t.app.platform.db.update(customers).set({ status: 0 }).where(eq(customers.id, org.id));
    expect((await owner.call('PUT', '/api2/cust', { memo: 'still verified' })).body.data.status).toBe(0);
    expect((await owner.call('PUT', '/api2/cust', { creditCode: 'CHANGED' })).body.data.status).toBe(1);
  });

  it('DELETE /api2/cust/{id}: owner only, own organization only, refused with devices (-7) or cases (-8)', async () => {
    const { owner, org, licence } = await founded();
    const member = await f.user({ custId: org.id });
    const other = await f.org();
    expect((await owner.call('DELETE', `/api2/cust/${other.custId}`)).body).toMatchObject(
      refused(-1, 'cust.notFound'),
    );
    expect(
      (await owner.call('DELETE', '/api2/cust/00000000-0000-4000-8000-000000000000')).body,
    ).toMatchObject(refused(-1, 'cust.notFound'));
    expect((await member.call('DELETE', `/api2/cust/${org.id}`)).body).toMatchObject(
      refused(-5, 'org.notOwner'),
    );

    // A device of its own: -7.
    const withDevice = await f.org();
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.custId, withDevice.custId));
    const device = await f.device(withDevice);
    expect((await withDevice.owner.call('DELETE', `/api2/cust/${withDevice.custId}`)).body).toMatchObject(
      refused(-7, 'org.hasDevices'),
    );
    // A lab that keeps a received case (and no device links any more): -8.
    const lab = await f.org({ custType: 3 });
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.custId, lab.custId));
    await f.receiver(device, lab);
    await f.kase(device, withDevice.owner);
    await t.app.platform.db.delete(deviceReceivers).where(eq(deviceReceivers.custId, lab.custId));
    expect((await lab.owner.call('DELETE', `/api2/cust/${lab.custId}`)).body).toMatchObject(
      refused(-8, 'org.hasCases'),
    );

    const res = await owner.call('DELETE', `/api2/cust/${org.id}`);
    expect(res.body).toMatchObject({ success: true, data: { id: org.id } });
    expect(await t.app.platform.db.select().from(customers).where(eq(customers.id, org.id))).toEqual([]);
    // Its people stay, without an organization; its licence is gone.
    expect((await owner.call('GET', '/api2/cust')).body).toMatchObject(refused(-5, 'cust.missing'));
    expect((await member.call('GET', '/user/current')).body.data).toMatchObject({ custId: null });
    expect((await owner.call('GET', licence.url)).body).toMatchObject({ success: false });
    const entries = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.delete'));
    expect(entries.map((e) => e.outcome).sort()).toEqual([
      'allowed',
      'refused',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
  });
});
