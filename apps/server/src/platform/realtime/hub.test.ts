import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { HUB_PATH } from './hub.ts';

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

const until = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

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
    await new Promise((r) => setTimeout(r, 100));
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
