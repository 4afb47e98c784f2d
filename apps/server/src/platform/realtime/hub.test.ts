import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { desc, eq, sql } from 'drizzle-orm';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { mailOutbox } from '../mail/mail.schema.ts';
import { HUB_PATH } from './hub.ts';
import { until } from '../../testing/poll.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
}

const tokenOf = (p: { headers: { authorization: string } }) =>
  p.headers.authorization.slice('Bearer '.length);

const sockets: Socket[] = [];
function open(url: string, opts: { token?: string; query?: Record<string, string> }): Socket {
  const s = connect(url, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.token ? { auth: { token: opts.token } } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  sockets.push(s);
  return s;
}

/** Resolves on connect; rejects with the server's refusal. */
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (err) => reject(err));
  });

/** Everything `s` hears of `event`. */
function collect(s: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  s.on(event, (d: unknown) => got.push(d));
  return got;
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe.each(engines)('realtime hub (%s)', (engine) => {
  // One listening app; every test connects people of its own.
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('refuses a handshake without a token or with a bad one', async () => {
    const f = factories(t.app);
    const org = await f.org();

    const none = open(url, {});
    const e1 = await connected(none).catch((e: Error & { data?: { key?: string } }) => e);
    expect(e1).toBeInstanceOf(Error);
    expect((e1 as { data?: { key?: string } }).data?.key).toBe('generic.sessionExpired');

    const bad = open(url, { token: `${tokenOf(org.owner)}x` });
    await expect(connected(bad)).rejects.toThrow('unauthorized');

    const forged = open(url, { query: { access_token: 'not-a-jwt' } });
    await expect(connected(forged)).rejects.toThrow('unauthorized');

    // The same token in the SignalR-style query parameter is accepted.
    const good = open(url, { query: { access_token: tokenOf(org.owner) } });
    await connected(good);
    expect(good.connected).toBe(true);
  });

  it('delivers a message only to its person or organization', async () => {
    const f = factories(t.app);
    const clinic = await f.org();
    const nurse = await f.user(clinic);
    const lab = await f.org();

    const ownerSock = open(url, { token: tokenOf(clinic.owner) });
    const nurseSock = open(url, { token: tokenOf(nurse) });
    const labSock = open(url, { token: tokenOf(lab.owner) });
    await Promise.all([connected(ownerSock), connected(nurseSock), connected(labSock)]);
    const heard = {
      owner: collect(ownerSock, 'ping-test'),
      nurse: collect(nurseSock, 'ping-test'),
      lab: collect(labSock, 'ping-test'),
    };

    // Announcements travel through PostgreSQL one by one, each on any of the pool's connections, so two sent at
    // once may arrive in either order: the first is heard before the others are sent.
    t.app.platform.realtime.toUser(nurse.userId, 'ping-test', { n: 1 });
    await until(() => heard.nurse.length === 1);
    t.app.platform.realtime.toOrg(lab.custId, 'ping-test', { n: 2 });
    t.app.platform.realtime.toOrg(clinic.custId, 'ping-test', { n: 3 });
    await until(() => heard.nurse.length === 2 && heard.lab.length === 1 && heard.owner.length === 1);
    // The barrier: a mark sent to each person now reaches their socket after anything sent to it before (the hub
    // writes each message to all of its room's sockets at once, and one socket's messages keep their order).
    const marked = [ownerSock, nurseSock, labSock].map((s) => new Promise((r) => s.once('ping-mark', r)));
    for (const p of [clinic.owner, nurse, lab.owner])
      t.app.platform.realtime.toUser(p.userId, 'ping-mark', {});
    await Promise.all(marked);
    expect(heard.nurse).toEqual([{ n: 1 }, { n: 3 }]);
    expect(heard.owner).toEqual([{ n: 3 }]);
    expect(heard.lab).toEqual([{ n: 2 }]);
  });

  it('checks a renewed token again: the same person continues, a bad or foreign token disconnects', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const other = await f.org();

    const sock = open(url, { token: tokenOf(org.owner) });
    await connected(sock);
    const renewed = await t.app.platform.tokens.sign(org.owner.userId, { ttl: 3600, custId: org.custId });
    await expect(sock.emitWithAck('renew', { token: renewed })).resolves.toEqual({ ok: true });
    expect(sock.connected).toBe(true);

    const gone = new Promise((r) => sock.once('disconnect', r));
    await expect(sock.emitWithAck('renew', { token: 'garbage' })).resolves.toEqual({ ok: false });
    await gone;

    const sock2 = open(url, { token: tokenOf(org.owner) });
    await connected(sock2);
    const gone2 = new Promise((r) => sock2.once('disconnect', r));
    await expect(sock2.emitWithAck('renew', { token: tokenOf(other.owner) })).resolves.toEqual({ ok: false });
    await gone2;
  });
});

describe.runIf(engines.includes('postgres'))('realtime hub across processes (postgres)', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('an announcement made in one process reaches a client connected to another', async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    const other = await t.sibling();
    const url1 = await listen(t.app);
    const url2 = await listen(other);
    const f = factories(t.app);
    const lab = await f.org();
    const sock = open(url2, { token: tokenOf(lab.owner) });
    await connected(sock);
    const heard = collect(sock, 'ping-test');
    expect(url1).not.toBe(url2);
    // The adapter LISTENs asynchronously after start: announce until heard (each announcement is idempotent).
    await until(() => {
      if (heard.length === 0) t.app.platform.realtime.toOrg(lab.custId, 'ping-test', { from: 1 });
      return heard.length > 0;
    }, 10_000);
    expect(heard[0]).toEqual({ from: 1 });
  });
});

describe.runIf(engines.includes('postgres'))('closing connections across processes (postgres)', () => {
  // Sockets on one process, the change made through the other: the adapter closes them wherever they are.
  let t: TestApp;
  let other: FastifyInstance;
  let url2: string;
  let admin: PersonRef;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    other = await t.sibling();
    await listen(t.app);
    url2 = await listen(other);
    admin = await platformAdmin(t.app);
    // The adapter LISTENs asynchronously after start: announce from the first process until the second delivers.
    const probe = await factories(t.app).org();
    const sock = open(url2, { token: tokenOf(probe.owner) });
    await connected(sock);
    const heard = collect(sock, 'ping-test');
    await until(() => {
      if (heard.length === 0) t.app.platform.realtime.toUser(probe.owner.userId, 'ping-test', {});
      return heard.length > 0;
    }, 10_000);
    sock.disconnect();
  });
  afterAll(() => t.close());

  /** A connected socket on the second process, and whether it was closed. */
  async function socketOf(p: { headers: { authorization: string } }) {
    const sock = open(url2, { token: tokenOf(p) });
    await connected(sock);
    const state = { closed: false };
    sock.on('disconnect', () => {
      state.closed = true;
    });
    return state;
  }
  const refusedAgain = async (p: { headers: { authorization: string } }) => {
    const again = open(url2, { token: tokenOf(p) });
    return connected(again).then(
      () => false,
      () => true,
    );
  };

  it('disabling a person closes their connections at once, and they cannot connect again', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const colleague = await f.user(org);
    const [mine, theirs] = await Promise.all([socketOf(org.owner), socketOf(colleague)]);
    const res = await admin.call('PUT', `/api2/admin/console/users/${org.owner.userId}/disabled`, {
      disabled: true,
    });
    expect(res.body.success).toBe(true);
    await until(() => mine.closed, 10_000);
    expect(await refusedAgain(org.owner)).toBe(true);
    expect(theirs.closed).toBe(false);
  });

  it('a forced password reset closes the connections', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const mine = await socketOf(org.owner);
    const res = await admin.call('POST', `/api2/admin/console/users/${org.owner.userId}/password-reset`);
    expect(res.body.success).toBe(true);
    await until(() => mine.closed, 10_000);
  });

  it('disabling an organization closes the connections acting for it, not others', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const colleague = await f.user(org);
    const elsewhere = await f.org();
    const [a, b, c] = await Promise.all([
      socketOf(org.owner),
      socketOf(colleague),
      socketOf(elsewhere.owner),
    ]);
    const res = await admin.call('PUT', `/api2/admin/console/orgs/${org.custId}/disabled`, {
      disabled: true,
      reason: 'test',
    });
    expect(res.body.success).toBe(true);
    await until(() => a.closed && b.closed, 10_000);
    expect(c.closed).toBe(false);
  });

  it("removing a member closes that person's connections for the organization, not the owner's", async () => {
    const f = factories(t.app);
    const org = await f.org();
    // Factories make plain members; the platform reaches no module's tables but through SQL.
    await t.app.platform.db.execute(
      sql`update memberships set role = 'owner' where cust_id = ${org.custId} and user_id = ${org.owner.userId}`,
    );
    const member = await f.user(org);
    const [owner, removed] = await Promise.all([socketOf(org.owner), socketOf(member)]);
    const res = await org.owner.call('DELETE', `/api2/cust/user/${member.userId}`);
    expect(res.body.success).toBe(true);
    await until(() => removed.closed, 10_000);
    expect(owner.closed).toBe(false);
  });

  it('resetting the password with a reset link closes the connections', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const mine = await socketOf(org.owner);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/user/password/forgot',
      payload: { email: `${org.owner.username}@factory.test` },
    });
    expect(forgot.json().success).toBe(true);
    const [mail] = await t.app.platform.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, `${org.owner.username}@factory.test`))
      .orderBy(desc(mailOutbox.createdAt));
    const token = /resetPassword\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/password/reset',
      payload: { token, password: 'new_pass_1' },
    });
    expect(reset.json().success).toBe(true);
    await until(() => mine.closed, 10_000);
  });
});
