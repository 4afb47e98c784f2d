import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outboxSettled } from '../../testing/outbox.ts';
import { startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { users } from '../account/users.schema.ts';
import { deviceUsers } from '../devices/devices.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { invitations } from './members.schema.ts';
import de from './invitation-mail/de.json' with { type: 'json' };
import fr from './invitation-mail/fr.json' with { type: 'json' };

/**
 * Waits for the relay to have received `n` messages, then for the outbox to hold nothing pending (so no further mail
 * can come), and answers them: exactly `n`.
 */
async function mails(t: TestApp, relay: Relay, n: number) {
  await relay.waitFor(() => true, n);
  await outboxSettled(t.app.platform.db);
  expect(relay.received.length).toBe(n);
  return relay.received;
}
const tokenIn = (text: string) => /invitation\?token=([\w-]+)/.exec(text)![1]!;

describe.each(engines)('members, invitations and join requests (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;

  const promote = (p: { userId: string }, org: { custId: string }) =>
    t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, p.userId), eq(memberships.custId, org.custId)));
  const setLanguage = (p: { userId: string }, language: string) =>
    t.app.platform.db.update(users).set({ language }).where(eq(users.id, p.userId));

  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
    f = factories(t.app);
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });
  // Every test its own clinic and lab, each with its first member as owner.
  beforeEach(async () => {
    clinic = await f.org();
    lab = await f.org({ custType: 3 });
    await promote(clinic.owner, clinic);
    await promote(lab.owner, lab);
  });

  it('invites by e-mail in the invitee language; the right account accepts once and becomes a member', async () => {
    const nurse = await f.user(clinic);
    const invitee = await f.user(null, { email: 'Dora@Example.test' });
    await setLanguage(invitee, 'de');
    // Only owners invite; invalid input is the call's parameter code.
    expectCode(await nurse.call('GET', '/api2/cust/user/invitation?email=x@example.test'), 100);
    expectCode(await clinic.owner.call('GET', '/api2/cust/user/invitation?email=not-an-address'), -1);
    expectCode(await clinic.owner.call('GET', '/api2/cust/user/invitation?email=a@b.test&role=boss'), -1);
    expectCode(
      await clinic.owner.call('GET', `/api2/cust/user/invitation?email=${nurse.username}@factory.test`),
      -2,
    );

    const before = relay.received.length;
    const sent = expectOk(
      await clinic.owner.call('GET', '/api2/cust/user/invitation?email=dora@example.test'),
    );
    expect(sent).toMatchObject({ email: 'dora@example.test', role: 'member', state: 'pending' });
    expect(sent).not.toHaveProperty('token');
    const mail = (await mails(t, relay, before + 1)).at(-1)!;
    expect(mail.to![0]!.address).toBe('dora@example.test');
    expect(mail.subject).toBe(
      de.subject.replace('{{inviter}}', clinic.owner.username).replace('{{custName}}', clinic.name),
    );
    expect(mail.html).toContain(`${PUBLIC_URL}/v5/invitation?token=`);
    const token = tokenIn(mail.text!);
    const [stored] = await t.app.platform.db.select().from(invitations).where(eq(invitations.id, sent.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The page's preview works without signing in.
    const info = await t.app.inject({ method: 'GET', url: `/api2/cust/user/invitation/info?token=${token}` });
    expect(info.json()).toMatchObject({
      success: true,
      data: { custName: clinic.name, email: 'dora@example.test', role: 'member' },
    });
    expectCode(
      {
        status: 0,
        body: (
          await t.app.inject({ method: 'GET', url: '/api2/cust/user/invitation/info?token=nope' })
        ).json(),
      },
      -5,
    );
    // Another account cannot use a forwarded link; the invited one can, once.
    const stranger = await f.user(null);
    expectCode(await stranger.call('POST', '/api2/cust/user/invitation/accept', { token }), -6);
    expect(expectOk(await invitee.call('POST', '/api2/cust/user/invitation/accept', { token }))).toEqual({
      custId: clinic.custId,
      custName: clinic.name,
      role: 'member',
    });
    expectCode(await invitee.call('POST', '/api2/cust/user/invitation/accept', { token }), -5);

    const list = expectOk(await clinic.owner.call('GET', '/api2/cust/user/list'));
    expect(list.find((m: any) => m.userId === invitee.userId)).toMatchObject({
      role: 'member',
      isSelf: false,
      email: 'Dora@Example.test',
    });
    const invites = expectOk(await clinic.owner.call('GET', '/api2/cust/user/invitation/list'));
    expect(invites[0]).toMatchObject({ id: sent.id, state: 'accepted', acceptedBy: invitee.username });
    expectCode(await nurse.call('GET', '/api2/cust/user/invitation/list'), 100);
    // The new member's token (minted before) now acts for the clinic.
    expect(expectOk(await invitee.call('GET', '/api2/user/customer/list'))).toEqual([
      expect.objectContaining({ custId: clinic.custId, state: 'member', role: 'member', current: true }),
    ]);
  });

  it("writes in the inviter's language for an unknown address; a new invitation replaces the old; withdrawn links die", async () => {
    await setLanguage(clinic.owner, 'fr');
    const before = relay.received.length;
    const first = expectOk(
      await clinic.owner.call('GET', '/api2/cust/user/invitation?email=new@example.test&role=owner'),
    );
    const second = expectOk(
      await clinic.owner.call('GET', '/api2/cust/user/invitation?email=NEW@example.test'),
    );
    const received = await mails(t, relay, before + 2);
    expect(received.at(-1)!.subject).toBe(
      fr.subject.replace('{{inviter}}', clinic.owner.username).replace('{{custName}}', clinic.name),
    );
    const [t1, t2] = received.slice(-2).map((m) => tokenIn(m.text!));
    const newcomer = await f.user(null, { email: 'new@example.test' });
    expectCode(await newcomer.call('POST', '/api2/cust/user/invitation/accept', { token: t1 }), -5);
    const states = expectOk(await clinic.owner.call('GET', '/api2/cust/user/invitation/list'));
    expect(states.find((i: any) => i.id === first.id).state).toBe('expired');
    expect(states.find((i: any) => i.id === second.id).state).toBe('pending');
    // Another organization's owner cannot withdraw it; the clinic's can.
    expectCode(await lab.owner.call('DELETE', `/api2/cust/user/invitation/${second.id}`), -5);
    expectOk(await clinic.owner.call('DELETE', `/api2/cust/user/invitation/${second.id}`));
    expectCode(await newcomer.call('POST', '/api2/cust/user/invitation/accept', { token: t2 }), -5);
    await setLanguage(clinic.owner, 'en');
  });

  it('join requests: one pending per pair, owners of that organization decide, others see not found', async () => {
    const dentist = await f.user(null);
    const nurse = await f.user(lab);
    expectCode(await dentist.call('GET', '/api2/user/customer/join?custId=nope'), -1);
    expectCode(
      await dentist.call('GET', '/api2/user/customer/join?custId=00000000-0000-4000-8000-000000000000'),
      -1,
    );
    const req = expectOk(
      await dentist.call('GET', `/api2/user/customer/join?custId=${lab.custId}&message=Hello`),
    );
    expect(req).toMatchObject({ custId: lab.custId, custName: lab.name, state: 0 });
    expectCode(await dentist.call('GET', `/api2/user/customer/join?custId=${lab.custId}`), -2);
    expectCode(await lab.owner.call('GET', `/api2/user/customer/join?custId=${lab.custId}`), -2);
    expect(expectOk(await dentist.call('GET', '/api2/user/customer/list'))).toEqual([
      expect.objectContaining({ custId: lab.custId, state: 'pending', role: null }),
    ]);

    // Seen by the lab's owners only; the clinic's owner does not find it.
    expectCode(await nurse.call('GET', '/api2/cust/user/join/list'), 100);
    expect(expectOk(await clinic.owner.call('GET', '/api2/cust/user/join/list'))).toEqual([]);
    const pending = expectOk(await lab.owner.call('GET', '/api2/cust/user/join/list'));
    expect(pending).toEqual([
      expect.objectContaining({ id: req.id, userId: dentist.userId, message: 'Hello' }),
    ]);
    // The owners deciding see how to reach the person who asked, whatever their search settings (off by default).
    expect(pending[0].email).toBe(`${dentist.username}@factory.test`);
    expectCode(await clinic.owner.call('GET', `/api2/cust/user/join/confirm?id=${req.id}&accept=true`), -3);
    expectCode(await nurse.call('GET', `/api2/cust/user/join/confirm?id=${req.id}&accept=true`), 100);
    expectCode(await lab.owner.call('GET', `/api2/cust/user/join/confirm?id=${req.id}&accept=maybe`), -1);
    expect(
      expectOk(await lab.owner.call('GET', `/api2/cust/user/join/confirm?id=${req.id}&accept=true`)),
    ).toMatchObject({
      state: 1,
      userId: dentist.userId,
    });
    expectCode(await lab.owner.call('GET', `/api2/cust/user/join/confirm?id=${req.id}&accept=false`), -3);
    const members = expectOk(await lab.owner.call('GET', '/api2/cust/user/list'));
    expect(members.map((m: any) => m.userId)).toContain(dentist.userId);

    // A refused request leaves no membership, and a new request may follow.
    const other = await f.user(null);
    const r2 = expectOk(await other.call('GET', `/api2/user/customer/join?custId=${lab.custId}`));
    expectOk(await lab.owner.call('GET', `/api2/cust/user/join/confirm?id=${r2.id}&accept=false`));
    expect(expectOk(await other.call('GET', '/api2/user/customer/list'))).toEqual([]);
    expectOk(await other.call('GET', `/api2/user/customer/join?custId=${lab.custId}`));
  });

  it("removal: owners only, another organization's member not found, the last owner stays, old tokens stop at once", async () => {
    const a = await f.user(clinic);
    const b = await f.user(clinic);
    const elsewhere = await f.user(lab);
    expectCode(await a.call('DELETE', `/api2/cust/user/${b.userId}`), 100);
    expectCode(await clinic.owner.call('DELETE', `/api2/cust/user/${elsewhere.userId}`), -3);
    expectCode(await clinic.owner.call('DELETE', '/api2/cust/user/not-a-uuid'), -3);
    expectCode(await clinic.owner.call('DELETE', `/api2/cust/user/${clinic.owner.userId}`), -4);

    // b also belongs to the lab: after removal, b's old clinic token acts for the lab, never the clinic again.
    await f.membership(b, lab);
    // The clinic's device-user window for a ends with the membership; the lab's window for b stays.
    const scanner = await f.device(clinic);
    const labScanner = await f.device(lab);
    await f.deviceUser(scanner, a);
    await f.deviceUser(labScanner, b, { by: lab.owner });
    expect(expectOk(await a.call('GET', '/api2/cust/user/list')).map((m: any) => m.userId)).toContain(
      a.userId,
    );
    expectOk(await clinic.owner.call('DELETE', `/api2/cust/user/${a.userId}`));
    expectOk(await clinic.owner.call('DELETE', `/api2/cust/user/${b.userId}`));
    expectCode(await a.call('GET', '/api2/cust/user/list'), -5);
    const windows = await t.app.platform.db.select().from(deviceUsers);
    expect(windows.map((w) => w.userId)).not.toContain(a.userId);
    expect(windows.map((w) => w.userId)).toContain(b.userId);
    expectCode(await a.call('GET', '/api2/cust'), -5);
    const bSees = expectOk(await b.call('GET', '/api2/cust/user/list'));
    expect(bSees.map((m: any) => m.userId)).toContain(lab.owner.userId);
    expect(bSees.map((m: any) => m.userId)).not.toContain(clinic.owner.userId);
    expect(expectOk(await b.call('GET', '/api2/cust')).id).toBe(lab.custId);
    // A member may leave; leaving twice is not found.
    const c = await f.user(clinic);
    expectOk(await c.call('DELETE', `/api2/cust/user/${c.userId}`));
    expectCode(await clinic.owner.call('DELETE', `/api2/cust/user/${c.userId}`), -3);
  });

  it('roles: owners promote and demote; the last owner cannot step down; member rows carry actions', async () => {
    const m = await f.user(clinic);
    expectCode(await m.call('PUT', '/api2/cust/user/role', { userId: m.userId, role: 'owner' }), 100);
    expectCode(
      await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: clinic.owner.userId, role: 'member' }),
      -4,
    );
    expectCode(
      await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: lab.owner.userId, role: 'owner' }),
      -3,
    );
    expectCode(
      await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: m.userId, role: 'king' }),
      -1,
    );
    expectOk(await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: m.userId, role: 'owner' }));
    // Now the first owner may step down (and then may no longer manage).
    expectOk(
      await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: clinic.owner.userId, role: 'member' }),
    );
    expectCode(await clinic.owner.call('GET', '/api2/cust/user/join/list'), 100);
    const rows = expectOk(await clinic.owner.call('GET', '/api2/cust/user/list'));
    const self = rows.find((r: any) => r.isSelf);
    expect(self).toMatchObject({ role: 'member', actions: { remove: true, changeRole: false } });
    expect(rows.find((r: any) => r.userId === m.userId).actions).toEqual({
      remove: false,
      changeRole: false,
    });
    expectOk(await m.call('PUT', '/api2/cust/user/role', { userId: clinic.owner.userId, role: 'owner' }));
    // With two owners each may leave or be demoted; the last one may not (no button offered).
    const two = expectOk(await m.call('GET', '/api2/cust/user/list'));
    expect(two.find((r: any) => r.isSelf).actions).toEqual({ remove: true, changeRole: true });
    expectOk(await clinic.owner.call('PUT', '/api2/cust/user/role', { userId: m.userId, role: 'member' }));
    const one = expectOk(await clinic.owner.call('GET', '/api2/cust/user/list'));
    expect(one.find((r: any) => r.isSelf).actions).toEqual({ remove: false, changeRole: false });
  });

  it("member list shows colleagues' e-mail and phone as their search settings allow, owners see them", async () => {
    const quiet = await f.user(clinic);
    await t.app.platform.db
      .update(users)
      .set({ searchEmail: false, searchPhone: false, phone: '+49 1111' })
      .where(eq(users.id, quiet.userId));
    const colleague = await f.user(clinic);
    const seenBy = async (p: PersonRef) =>
      expectOk(await p.call('GET', '/api2/cust/user/list')).find((r: any) => r.userId === quiet.userId);
    expect(await seenBy(colleague)).toMatchObject({ email: null, phone: null });
    expect(await seenBy(clinic.owner)).toMatchObject({
      email: `${quiet.username}@factory.test`,
      phone: '+49 1111',
    });
    expect(await seenBy(quiet)).toMatchObject({ phone: '+49 1111', isSelf: true });
  });

  it('caps: 30 invitations an hour per organization, 10 pending join requests per person; a member cannot accept twice', async () => {
    const org = await f.org({ name: 'Members Busy Clinic' });
    await promote(org.owner, org);
    await t.app.platform.db.insert(invitations).values(
      Array.from({ length: 30 }, (_, i) => ({
        custId: org.custId,
        email: `bulk${i}@example.test`,
        invitedBy: org.owner.userId,
        tokenHash: `bulk-${org.custId}-${i}`,
        expiresAt: new Date(Date.now() + 3600_000),
      })),
    );
    expectCode(await org.owner.call('GET', '/api2/cust/user/invitation?email=one-more@example.test'), -7);

    const eager = await f.user(null);
    for (let i = 0; i < 10; i++) {
      const o = await f.org({ name: `Members Eager Target ${i}` });
      expectOk(await eager.call('GET', `/api2/user/customer/join?custId=${o.custId}`));
    }
    expectCode(await eager.call('GET', `/api2/user/customer/join?custId=${org.custId}`), -4);

    // An invitation to someone who became a member another way: refused, the link stays usable until it expires.
    const both = await f.user(null, { email: 'both@example.test' });
    const before = relay.received.length;
    expectOk(await lab.owner.call('GET', '/api2/cust/user/invitation?email=both@example.test'));
    const token = tokenIn((await mails(t, relay, before + 1)).at(-1)!.text!);
    await f.membership(both, lab);
    expectCode(await both.call('POST', '/api2/cust/user/invitation/accept', { token }), -2);
    expect(
      expectOk(
        await t.app
          .inject({ method: 'GET', url: `/api2/cust/user/invitation/info?token=${token}` })
          .then((r) => ({ status: r.statusCode, body: r.json() })),
      ),
    ).toMatchObject({ email: 'both@example.test' });
  });

  it('manageable customers: the organization and its children', async () => {
    const child = await f.org({ name: 'Members Child Clinic' });
    await t.app.platform.db
      .update(customers)
      .set({ parentId: clinic.custId })
      .where(eq(customers.id, child.custId));
    expect(expectOk(await clinic.owner.call('GET', '/api2/cust/manageable'))).toEqual([
      expect.objectContaining({ id: clinic.custId, isSelf: true }),
      expect.objectContaining({ id: child.custId, parentId: clinic.custId, isSelf: false }),
    ]);
    expect(expectOk(await child.owner.call('GET', '/api2/cust/manageable'))).toEqual([
      expect.objectContaining({ id: child.custId, isSelf: true }),
    ]);
    const loner = await f.user(null);
    expectCode(await loner.call('GET', '/api2/cust/manageable'), -5);
  });
});
