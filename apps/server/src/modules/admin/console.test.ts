import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { mailOutbox } from '../../platform/mail/mail.schema.ts';
import { hashPassword } from '../../platform/identity/passwords.ts';
import { inThePast } from '../../testing/clock.ts';
import { factories, type PersonRef } from '../../testing/factories.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { SIGN_IN_LIMITS } from '../account/account.service.ts';
import en from '../account/mail/en.json' with { type: 'json' };
import { deviceReceivers } from '../devices/devices.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { users } from '../account/users.schema.ts';
import { createFirstAdmin } from './admin-users.service.ts';

const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
/**
 * A token's `iat` is in whole seconds and a token from the very second its sessions were ended is kept, so a token
 * that must be refused afterwards is issued this many seconds back (`inThePast`), not waited for.
 */
const EARLIER_S = 3;

describe.each(engines)("the administrator's console: organizations, users, administrators (%s)", (engine) => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let admin: PersonRef;
  /** Every adminNotice sent (the clients renew their tokens), by user id. */
  const told: { userId: string; reason: string }[] = [];

  /** Signs in with a password (`POST /account/token`): the envelope, and the caller when it succeeded. */
  const signIn = async (username: string, password: string, app = t.app) => {
    const res = await app.inject({
      method: 'POST',
      url: '/account/token',
      payload: { username, password },
    });
    const body = res.json();
    const authorization = body.success ? `Bearer ${body.data.AccessToken as string}` : undefined;
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const r = await app.inject({
        method,
        url,
        headers: authorization ? { authorization } : {},
        payload: payload as object,
      });
      return { status: r.statusCode, body: r.json() };
    };
    return { status: res.statusCode, body, call };
  };
  const setPassword = async (userId: string, password: string) =>
    t.app.platform.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, userId));
  const audits = (action: string, objectId?: string, db = t.app.platform.db) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), objectId ? eq(auditLog.objectId, objectId) : undefined))
      .orderBy(desc(auditLog.id));
  /**
   * The newest outbox mail to an address, as it is sent (with its links: the administrator's read of the outbox
   * redacts them).
   */
  const mailTo = async (address: string) => {
    const [newest] = await t.app.platform.db
      .select({ to: mailOutbox.recipient, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, address))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(1);
    return newest;
  };
  /** Factories make every member a plain member: the organization's first one becomes its owner. */
  const makeOwner = (o: { custId: string; owner: { userId: string } }) =>
    t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.custId, o.custId), eq(memberships.userId, o.owner.userId)));
  const tokenIn = (text: string, page: string) => new RegExp(`${page}\\?token=([\\w-]+)`).exec(text)![1]!;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    const toUser = t.app.platform.realtime.toUser.bind(t.app.platform.realtime);
    t.app.platform.realtime.toUser = (userId, event, message) => {
      if (event === 'adminNotice') told.push({ userId, reason: (message as { reason: string }).reason });
      return toUser(userId, event, message);
    };
    // The administrator of every test (the first administrator's bootstrap has an installation of its own).
    admin = await f.user();
    await t.app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  });
  afterAll(() => t.close());
  afterEach(() => {
    told.length = 0;
  });

  it('bootstraps the first administrator of a fresh installation once', async () => {
    // A fresh installation: no administrator yet.
    const fresh = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    try {
      const db = fresh.app.platform.db;
      const body = { username: 'root', email: 'root@console.test', password: 'first_admin1' };
      const first = await createFirstAdmin(db, body);
      expect(first.created).toBe(true);
      const again = await createFirstAdmin(db, {
        ...body,
        username: 'root2',
        email: 'r2@console.test',
      });
      expect(again).toEqual({ created: false });
      expect(await audits('console.admin.bootstrap', undefined, db)).toHaveLength(1);
      // The first administrator signs in with its password and belongs to no organization.
      const root = await signIn('root', 'first_admin1', fresh.app);
      expect(root.body.success, JSON.stringify(root.body)).toBe(true);
      const me = (await root.call('GET', '/user/current')).body.data;
      expect(me).toMatchObject({ username: 'root', isAdmin: true, custId: null });
    } finally {
      await fresh.close();
    }
  });

  it('searches organizations by name, e-mail, phone and credit code, filters and pages them', async () => {
    const a = await f.org({
      name: 'Zephyr Dental A',
      custType: 2,
      phone: '+49 30 777001',
      email: 'zephyr-a@x.test',
    });
    const b = await f.org({ name: 'Zephyr Lab B', custType: 3, status: 1, email: 'labb@x.test' });
    const c = await f.org({ name: 'Zephyr Lab C', custType: 3, status: 2 });
    await t.app.platform.db.update(customers).set({ creditCode: 'ZCC-91' }).where(eq(customers.id, c.custId));
    await f.user(a);
    await f.device(a);
    const page = async (query: string) =>
      (await admin.call('GET', `/api2/admin/console/orgs?${query}`)).body.data as {
        records: { id: string; name: string; members: number; devices: number }[];
        totalRecords: number;
      };
    const names = async (query: string) => (await page(query)).records.map((r) => r.name).sort();

    const all = await page('keyword=zephyr');
    expect(all.totalRecords).toBe(3);
    expect(all.records.find((r) => r.id === a.custId)).toMatchObject({
      name: 'Zephyr Dental A',
      custType: 2,
      status: 0,
      disabled: false,
      disabledAt: null,
      members: 2,
      devices: 1,
    });
    expect(await names('keyword=ZEPHYR-A@X')).toEqual(['Zephyr Dental A']);
    expect(await names('keyword=777001')).toEqual(['Zephyr Dental A']);
    expect(await names('keyword=zcc-9')).toEqual(['Zephyr Lab C']);
    expect(await names('keyword=zephyr&type=3')).toEqual(['Zephyr Lab B', 'Zephyr Lab C']);
    expect(await names('keyword=zephyr&status=1')).toEqual(['Zephyr Lab B']);
    expect(await names('keyword=zephyr&disabled=true')).toEqual([]);
    expect(await names('keyword=zephyr&disabled=false')).toHaveLength(3);
    // Newest first, paged.
    const second = await page('keyword=zephyr&pageSize=2&pageIndex=2');
    expect(second.totalRecords).toBe(3);
    expect(second.records.map((r) => r.id)).toEqual([a.custId]);
    expect((await page('keyword=zephyr&pageSize=2&currentPage=1')).records.map((r) => r.id)).toEqual([
      c.custId,
      b.custId,
    ]);
    // A keyword with LIKE's wildcards matches them literally.
    expect((await page('keyword=%25')).totalRecords).toBe(0);
    // Bad filters are the console's parameter error.
    for (const q of ['type=9', 'status=5', 'disabled=maybe', 'pageSize=1000'])
      expect((await admin.call('GET', `/api2/admin/console/orgs?${q}`)).body, q).toMatchObject(
        refused(-1, 'console.parameter'),
      );
    const searched = (await audits('console.search')).find((r) => r.objectType === 'customer');
    expect(searched).toMatchObject({ actorUserId: admin.userId, outcome: 'allowed' });
  });

  it("shows one organization's detail and audits the read", async () => {
    const o = await f.org({ name: 'Detail Clinic', custType: 2 });
    const nurse = await f.user(o);
    await makeOwner(o);
    const d = await f.device(o);
    await f.kase(d, o.owner);
    const res = await admin.call('GET', `/api2/admin/console/orgs/${o.custId}`);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toMatchObject({
      id: o.custId,
      name: 'Detail Clinic',
      members: 2,
      devices: 1,
      cases: 1,
      licence: null,
      pages: { order: false, compare: true, builder: true },
      disabled: false,
      disabledReason: null,
    });
    expect(res.body.data.memberList.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual(
      [
        [o.owner.userId, 'owner'],
        [nurse.userId, 'member'],
      ],
    );
    const [read] = await audits('console.read', o.custId);
    expect(read).toMatchObject({ actorUserId: admin.userId, objectType: 'customer', outcome: 'allowed' });

    const missing = crypto.randomUUID();
    expect((await admin.call('GET', `/api2/admin/console/orgs/${missing}`)).body).toMatchObject(
      refused(-1, 'cust.notFound'),
    );
    expect((await audits('console.read', missing))[0]).toMatchObject({ outcome: 'refused' });
    expect((await admin.call('GET', '/api2/admin/console/orgs/not-a-uuid')).body).toMatchObject(
      refused(-1, 'console.parameter'),
    );
  });

  it('disables an organization: its members are refused, it leaves every search; enabling restores it', async () => {
    const clinic = await f.org({ name: 'Quiet Clinic', custType: 2 });
    const nurse = await f.user(clinic);
    const lab = await f.org({ name: 'Busy Lab', custType: 3 });
    // A person in two organizations whose token picks the clinic.
    const both = await f.user(clinic);
    await f.membership(both, lab);
    const device = await f.device(clinic);
    await f.receiver(device, lab);
    const outsider = await f.org({ name: 'Outsider Lab', custType: 3 });
    const findsClinic = async () =>
      (await outsider.owner.call('GET', '/cust/clinic/find?key=Quiet%20Clinic')).body.data.map(
        (r: { id: string }) => r.id,
      );
    const directory = async () =>
      (await outsider.owner.call('GET', '/api2/cust/find?key=Quiet%20Clinic')).body.data.map(
        (r: { id: string }) => r.id,
      );
    expect(await findsClinic()).toEqual([clinic.custId]);
    expect(await directory()).toEqual([clinic.custId]);
    expect((await nurse.call('GET', '/api2/cust/user/list')).body.success).toBe(true);

    const off = await admin.call('PUT', `/api2/admin/console/orgs/${clinic.custId}/disabled`, {
      disabled: true,
      reason: 'Unpaid invoices',
    });
    expect(off.body.success, JSON.stringify(off.body)).toBe(true);
    expect(off.body.data).toMatchObject({ id: clinic.custId, disabled: true });
    expect(off.body.data.disabledAt).toBeTruthy();
    // Its members' clients are told to renew their tokens.
    expect(told.map((n) => n.userId).sort()).toEqual([clinic.owner.userId, nurse.userId, both.userId].sort());
    expect(told.every((n) => n.reason === 'organization')).toBe(true);

    // A member's call acting for it is refused with the catalogue's code, HTTP 400.
    const refusedCall = await nurse.call('GET', '/api2/cust/user/list');
    expect(refusedCall.status).toBe(400);
    expect(refusedCall.body).toMatchObject(refused(-20, 'cust.disabled'));
    expect(refusedCall.body.errorMessage).toMatch(/disabled by the platform administrator/);
    const me = (await nurse.call('GET', '/user/current')).body.data;
    expect(me).toMatchObject({ custId: null, disabledCust: { id: clinic.custId, name: 'Quiet Clinic' } });
    expect((await nurse.call('GET', '/user/control/page')).body.content.thirdPageControl).toEqual({
      order: false,
      compare: false,
      builder: false,
    });
    // Someone who also belongs to another organization acts for that one.
    expect((await both.call('GET', '/user/current')).body.data).toMatchObject({ custId: lab.custId });
    // It is hidden from searches, and takes no join request.
    expect(await findsClinic()).toEqual([]);
    expect(await directory()).toEqual([]);
    const stranger = await f.user();
    expect(
      (await stranger.call('GET', `/api2/user/customer/join?custId=${clinic.custId}`)).body,
    ).toMatchObject(refused(-1, 'cust.notFound'));
    // It cannot start another organization either: it still belongs to this one.
    const founding = await nurse.call('POST', '/api2/cust', {
      name: 'Escape Clinic',
      custType: 2,
      contact: 'N',
      phone: '1',
      creditCode: 'X',
    });
    expect(founding.body).toMatchObject({ success: false, errorCode: -2 });
    // The console shows why.
    const detail = (await admin.call('GET', `/api2/admin/console/orgs/${clinic.custId}`)).body.data;
    expect(detail).toMatchObject({
      disabled: true,
      disabledReason: 'Unpaid invoices',
      devices: 1,
      members: 3,
    });
    const [logged] = await audits('console.org.disable', clinic.custId);
    expect(logged).toMatchObject({ actorUserId: admin.userId, outcome: 'allowed' });
    expect(logged!.detail).toMatchObject({ reason: 'Unpaid invoices', changed: true, members: 3 });
    // Disabling again changes nothing (the first time stays).
    const twice = await admin.call('PUT', `/api2/admin/console/orgs/${clinic.custId}/disabled`, {
      disabled: true,
    });
    expect(twice.body.data.disabledAt).toBe(off.body.data.disabledAt);

    const on = await admin.call('PUT', `/api2/admin/console/orgs/${clinic.custId}/disabled`, {
      disabled: false,
    });
    expect(on.body.data).toMatchObject({ disabled: false, disabledAt: null, devices: 1, members: 3 });
    expect((await nurse.call('GET', '/api2/cust/user/list')).body.success).toBe(true);
    expect((await nurse.call('GET', '/user/current')).body.data).toMatchObject({ custId: clinic.custId });
    expect((await nurse.call('GET', '/user/current')).body.data.disabledCust).toBeUndefined();
    expect((await both.call('GET', '/user/current')).body.data).toMatchObject({ custId: clinic.custId });
    expect(await findsClinic()).toEqual([clinic.custId]);
    expect(await directory()).toEqual([clinic.custId]);
    // Nothing was lost: the receiver routing is still there.
    const routed = await t.app.platform.db
      .select()
      .from(deviceReceivers)
      .where(eq(deviceReceivers.deviceId, device.deviceId));
    expect(routed.map((r) => r.custId)).toEqual([lab.custId]);
    expect(await audits('console.org.enable', clinic.custId)).toHaveLength(1);
    // Refusals: an unknown organization (audited), a body that is not a boolean.
    const unknown = crypto.randomUUID();
    expect(
      (await admin.call('PUT', `/api2/admin/console/orgs/${unknown}/disabled`, { disabled: true })).body,
    ).toMatchObject(refused(-1, 'cust.notFound'));
    expect((await audits('console.org.disable', unknown))[0]).toMatchObject({ outcome: 'refused' });
    expect(
      (await admin.call('PUT', `/api2/admin/console/orgs/${clinic.custId}/disabled`, { disabled: 'yes' }))
        .body,
    ).toMatchObject(refused(-1, 'console.parameter'));
  });

  it('searches users by username, e-mail and phone, with their organizations and last sign-in', async () => {
    const o = await f.org({ name: 'Users Clinic' });
    const ann = await f.user(o, { username: 'xanna', email: 'xanna@people.test' });
    await t.app.platform.db.update(users).set({ phone: '+1 555 77123' }).where(eq(users.id, ann.userId));
    await setPassword(ann.userId, 'anna_pw1');
    expect((await signIn('xanna', 'anna_pw1')).body.success).toBe(true);
    const bob = await f.user(null, { username: 'xbob', email: 'bob@people.test' });
    await t.app.platform.db.update(users).set({ disabled: true }).where(eq(users.id, bob.userId));
    const page = async (query: string) =>
      (await admin.call('GET', `/api2/admin/console/users?${query}`)).body.data as {
        records: { id: string; username: string }[];
        totalRecords: number;
      };
    const names = async (query: string) => (await page(query)).records.map((r) => r.username).sort();

    const found = (await page('keyword=xanna')).records[0];
    expect(found).toMatchObject({
      id: ann.userId,
      username: 'xanna',
      email: 'xanna@people.test',
      phone: '+1 555 77123',
      orgs: [{ id: o.custId, name: 'Users Clinic', role: 'member', disabled: false }],
      isAdmin: false,
      disabled: false,
      passwordResetRequired: false,
    });
    expect((found as unknown as { lastSignIn: string }).lastSignIn).toBeTruthy();
    expect(await names('keyword=PEOPLE.TEST')).toEqual(['xanna', 'xbob']);
    expect(await names('keyword=77123')).toEqual(['xanna']);
    expect(await names('keyword=people.test&disabled=true')).toEqual(['xbob']);
    expect(await names('keyword=people.test&disabled=false')).toEqual(['xanna']);
    expect(await names('admin=true')).toContain(admin.username);
    expect(await names('admin=true')).not.toContain('xanna');
    const paged = await page('keyword=people.test&pageSize=1&pageIndex=2');
    expect(paged.totalRecords).toBe(2);
    expect(paged.records.map((r) => r.username)).toEqual(['xanna']);
    // A deleted account is not listed.
    await t.app.platform.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bob.userId));
    expect(await names('keyword=people.test')).toEqual(['xanna']);
    expect((await admin.call('GET', `/api2/admin/console/users/${bob.userId}`)).body).toMatchObject(
      refused(-3, 'console.userNotFound'),
    );

    const detail = await admin.call('GET', `/api2/admin/console/users/${ann.userId}`);
    expect(detail.body.data).toMatchObject({ id: ann.userId, username: 'xanna', emailConfirmed: false });
    expect((await audits('console.read', ann.userId))[0]).toMatchObject({
      actorUserId: admin.userId,
      objectType: 'user',
      outcome: 'allowed',
    });
  });

  it('disables a user: sign-in refused and an existing token refused at once; not oneself', async () => {
    const o = await f.org();
    const carl = await f.user(o, { username: 'xcarl' });
    await setPassword(carl.userId, 'carl_pw1');
    const session = await inThePast(EARLIER_S, () => signIn('xcarl', 'carl_pw1'));
    expect((await session.call('GET', '/user/current')).status).toBe(200);

    const off = await admin.call('PUT', `/api2/admin/console/users/${carl.userId}/disabled`, {
      disabled: true,
    });
    expect(off.body.data).toMatchObject({ id: carl.userId, disabled: true });
    expect(told).toEqual([{ userId: carl.userId, reason: 'account' }]);
    const after = await session.call('GET', '/user/current');
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe(401);
    expect((await carl.call('GET', '/user/current')).status).toBe(401);
    expect((await signIn('xcarl', 'carl_pw1')).body).toMatchObject(refused(-3, 'signIn.disabled'));
    expect((await audits('console.user.disable', carl.userId))[0]).toMatchObject({ outcome: 'allowed' });

    // An administrator cannot disable themselves (audited as refused).
    const self = await admin.call('PUT', `/api2/admin/console/users/${admin.userId}/disabled`, {
      disabled: true,
    });
    expect(self.body).toMatchObject(refused(-2, 'console.self'));
    expect((await audits('console.user.disable', admin.userId))[0]).toMatchObject({ outcome: 'refused' });
    expect((await admin.call('GET', '/user/current')).status).toBe(200);
    // Unknown account.
    expect(
      (
        await admin.call('PUT', `/api2/admin/console/users/${crypto.randomUUID()}/disabled`, {
          disabled: true,
        })
      ).body,
    ).toMatchObject(refused(-3, 'console.userNotFound'));

    // Enabled again: a new sign-in works; the tokens from before stay ended.
    const on = await admin.call('PUT', `/api2/admin/console/users/${carl.userId}/disabled`, {
      disabled: false,
    });
    expect(on.body.data).toMatchObject({ disabled: false });
    const again = await signIn('xcarl', 'carl_pw1');
    expect(again.body.success).toBe(true);
    expect((await again.call('GET', '/user/current')).status).toBe(200);
    expect((await session.call('GET', '/user/current')).status).toBe(401);
    expect(await audits('console.user.enable', carl.userId)).toHaveLength(1);
  });

  it('forces a password reset: the old password is refused with the message, sessions end, a link is mailed', async () => {
    const o = await f.org();
    const dora = await f.user(o, { username: 'xdora', email: 'dora@reset.test' });
    await setPassword(dora.userId, 'dora_old1');
    const session = await inThePast(EARLIER_S, () => signIn('xdora', 'dora_old1'));
    expect(session.body.success).toBe(true);

    const res = await admin.call('POST', `/api2/admin/console/users/${dora.userId}/password-reset`);
    expect(res.body).toMatchObject({
      success: true,
      data: { userId: dora.userId, passwordResetRequired: true, mailedTo: 'dora@reset.test' },
    });
    expect(told).toEqual([{ userId: dora.userId, reason: 'account' }]);
    expect((await session.call('GET', '/user/current')).status).toBe(401);
    const old = await signIn('xdora', 'dora_old1');
    expect(old.body).toMatchObject(refused(-5, 'signIn.resetRequired'));
    expect(old.body.errorMessage).toMatch(/Forgot password/);
    // Through the OpenID sign-in page's own check too: the same refusal (the web shows its translation).
    const row = (await admin.call('GET', `/api2/admin/console/users/${dora.userId}`)).body.data;
    expect(row).toMatchObject({ passwordResetRequired: true });
    expect(row.sessionsValidFrom).toBeTruthy();
    const mail = await mailTo('dora@reset.test');
    expect(mail).toMatchObject({ to: 'dora@reset.test', subject: en.forcedReset.subject });
    expect(mail!.text).toContain('/v5/resetPassword?token=');
    expect((await audits('console.user.passwordReset', dora.userId))[0]!.detail).toMatchObject({
      mailedTo: 'dora@reset.test',
    });

    // The mailed link sets a new password, which signs in; the requirement is gone.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/password/reset',
      payload: { token: tokenIn(mail!.text, 'resetPassword'), password: 'dora_new1' },
    });
    expect(reset.json()).toMatchObject({ success: true });
    const fresh = await signIn('xdora', 'dora_new1');
    expect(fresh.body.success).toBe(true);
    expect((await fresh.call('GET', '/user/current')).status).toBe(200);
    expect((await signIn('xdora', 'dora_old1')).body).toMatchObject(refused(-1, 'signIn.invalidCredentials'));
    const [stored] = await t.app.platform.db.select().from(users).where(eq(users.id, dora.userId));
    expect(stored!.passwordResetRequired).toBe(false);

    // Refusals: oneself, an account without e-mail, a disabled account.
    expect(
      (await admin.call('POST', `/api2/admin/console/users/${admin.userId}/password-reset`)).body,
    ).toMatchObject(refused(-2, 'console.self'));
    const noMail = await f.user(o);
    await t.app.platform.db.update(users).set({ email: null }).where(eq(users.id, noMail.userId));
    expect(
      (await admin.call('POST', `/api2/admin/console/users/${noMail.userId}/password-reset`)).body,
    ).toMatchObject(refused(-4, 'console.noEmail'));
    const off = await f.user(o);
    await t.app.platform.db.update(users).set({ disabled: true }).where(eq(users.id, off.userId));
    expect(
      (await admin.call('POST', `/api2/admin/console/users/${off.userId}/password-reset`)).body,
    ).toMatchObject(refused(-5, 'console.userDisabled'));
    const [unchanged] = await t.app.platform.db.select().from(users).where(eq(users.id, noMail.userId));
    expect(unchanged!.passwordResetRequired).toBe(false);
    expect((await audits('console.user.passwordReset', noMail.userId))[0]).toMatchObject({
      outcome: 'refused',
    });
  });

  it('creates administrators: only an administrator may, names and addresses stay unique', async () => {
    const member = (await f.org()).owner;
    const body = { username: 'second.admin', email: 'second@admins.test', password: 'second_pw1' };
    const denied = await member.call('POST', '/api2/admin/console/admins', body);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ errorCode: 100, data: { key: 'generic.permission' } });

    const created = await admin.call('POST', '/api2/admin/console/admins', body);
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.data).toMatchObject({
      username: 'second.admin',
      email: 'second@admins.test',
      disabled: false,
    });
    const [logged] = await audits('console.admin.create', created.body.data.id);
    expect(logged).toMatchObject({ actorUserId: admin.userId, outcome: 'allowed' });

    // The new administrator signs in, opens the console and belongs to no organization.
    const second = await signIn('second.admin', 'second_pw1');
    expect(second.body.success).toBe(true);
    expect((await second.call('GET', '/user/current')).body.data).toMatchObject({
      isAdmin: true,
      custId: null,
    });
    const list = (await second.call('GET', '/api2/admin/console/admins')).body.data;
    expect(list.map((a: { username: string }) => a.username)).toEqual(
      expect.arrayContaining([admin.username, 'second.admin']),
    );

    // Taken (any letter case) and invalid.
    expect(
      (
        await admin.call('POST', '/api2/admin/console/admins', {
          ...body,
          email: 'other@admins.test',
          username: 'SECOND.ADMIN',
        })
      ).body,
    ).toMatchObject(refused(-1, 'register.usernameTaken'));
    expect(
      (
        await admin.call('POST', '/api2/admin/console/admins', {
          ...body,
          username: 'third',
          email: 'Second@Admins.test',
        })
      ).body,
    ).toMatchObject(refused(-2, 'register.emailTaken'));
    for (const bad of [
      { ...body, username: 'x' },
      { ...body, username: 'third', password: 'short' },
      { ...body, username: 'third', password: 'has space 1' },
      { ...body, username: 'third', email: 'nope' },
    ])
      expect((await admin.call('POST', '/api2/admin/console/admins', bad)).body).toMatchObject(
        refused(-3, 'register.invalid'),
      );
    expect((await audits('console.admin.create')).filter((r) => r.outcome === 'refused')).toHaveLength(2);
  });

  it('keeps administrators out of organizations: no creating, joining or accepting an invitation', async () => {
    await admin.call('POST', '/api2/admin/console/admins', {
      username: 'lone.admin',
      email: 'lone@admins.test',
      password: 'lone_pw11',
    });
    const lone = await signIn('lone.admin', 'lone_pw11');
    const founding = await lone.call('POST', '/api2/cust', {
      name: 'Admin Clinic',
      custType: 2,
      contact: 'A',
      phone: '1',
      creditCode: 'X',
    });
    expect(founding.body).toMatchObject(refused(-6, 'console.adminNoOrg'));
    const o = await f.org({ name: 'Inviting Clinic' });
    await makeOwner(o);
    expect((await lone.call('GET', `/api2/user/customer/join?custId=${o.custId}`)).body).toMatchObject(
      refused(-6, 'console.adminNoOrg'),
    );
    const invited = await o.owner.call(
      'GET',
      '/api2/cust/user/invitation?email=lone@admins.test&role=member',
    );
    expect(invited.body.success, JSON.stringify(invited.body)).toBe(true);
    const mail = await mailTo('lone@admins.test');
    const accept = await lone.call('POST', '/api2/cust/user/invitation/accept', {
      token: tokenIn(mail!.text, 'invitation'),
    });
    expect(accept.body).toMatchObject(refused(-6, 'console.adminNoOrg'));
    expect((await lone.call('GET', '/user/current')).body.data.custId).toBeNull();
    const [customer] = await t.app.platform.db
      .select()
      .from(customers)
      .where(eq(customers.name, 'Admin Clinic'));
    expect(customer).toBeUndefined();
  });

  it("gives administrators' accounts a stricter sign-in limit of their own", async () => {
    expect(SIGN_IN_LIMITS.perAdminAccount).toBeLessThan(SIGN_IN_LIMITS.perAccount);
    await admin.call('POST', '/api2/admin/console/admins', {
      username: 'strict.admin',
      email: 'strict@admins.test',
      password: 'strict_pw1',
    });
    for (let i = 0; i < SIGN_IN_LIMITS.perAdminAccount; i++)
      expect((await signIn('strict.admin', 'wrong_pw')).body).toMatchObject(
        refused(-1, 'signIn.invalidCredentials'),
      );
    const locked = await signIn('strict.admin', 'strict_pw1');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ errorCode: 429 });
    const [limited] = (await audits('signIn')).filter(
      (r) => (r.detail as { limit?: string })?.limit === 'adminAccount',
    );
    expect(limited).toBeDefined();
    // A person's account still has the ordinary limit: as many failures do not lock it.
    const o = await f.org();
    const eve = await f.user(o, { username: 'xeve' });
    await setPassword(eve.userId, 'eve_pw11');
    for (let i = 0; i < SIGN_IN_LIMITS.perAdminAccount; i++)
      expect((await signIn('xeve', 'wrong_pw')).body.errorCode).toBe(-1);
    expect((await signIn('xeve', 'eve_pw11')).body.success).toBe(true);
  });
});
