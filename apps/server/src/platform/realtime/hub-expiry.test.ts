import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { endSession, InjectBrowser, signInWithCode, tokenRequest } from '../../testing/oidc-flow.ts';
import { until } from '../../testing/poll.ts';
import { hashPassword } from '../identity/passwords.ts';
import { HUB_PATH } from './hub.ts';

/**
 * The realtime hub and the end of a token (docs/decisions.md, "A realtime connection lives as long as its token"): a
 * connection whose token expires without a renewal is closed by the server, and the token no longer connects; a
 * renewal for another organization leaves the first one's rooms; signing out (end-session) or a replayed refresh
 * token closes the connections of that sign-in at once, not the person's others.
 */
describe('realtime connections and the end of their token', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${addr.port}`;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  /** A socket with `token`, resolved once connected; its refusal's data otherwise. */
  const open = async (token: string) => {
    const s = connect(url, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(s);
    const refused = await new Promise<{ key?: string } | undefined>((resolve) => {
      s.once('connect', () => resolve(undefined));
      s.once('connect_error', (err: Error & { data?: { key?: string } }) => resolve(err.data ?? {}));
    });
    const state = { closed: '' as string, heard: [] as unknown[] };
    s.on('disconnect', (reason) => {
      state.closed = reason;
    });
    s.on('ping-test', (d: unknown) => state.heard.push(d));
    return { s, refused, state };
  };
  /** Announces to the organization until `state` hears it (the adapter LISTENs asynchronously after start). */
  const hearsOrg = async (custId: string, state: { heard: unknown[] }, n: number) => {
    const before = state.heard.length;
    await until(
      () => {
        if (state.heard.length === before) t.app.platform.realtime.toOrg(custId, 'ping-test', { n });
        return state.heard.length > before;
      },
      { timeoutMs: 10_000, what: `announcement ${n}` },
    );
  };

  it('closes a connection when its token expires, and the expired token does not connect again', async () => {
    const f = factories(t.app);
    const org = await f.org();
    const other = await f.org();
    // A token valid for about two seconds, never renewed.
    const short = await t.app.platform.tokens.sign(org.owner.userId, { ttl: 2, custId: org.custId });
    const { refused, state } = await open(short);
    expect(refused).toBeUndefined();
    await hearsOrg(org.custId, state, 1);

    await until(() => state.closed !== '', {
      timeoutMs: 15_000,
      what: 'the server closing the expired connection',
    });
    expect(state.closed).toBe('io server disconnect');
    // Nothing reaches it any more, of its organization or another.
    const heard = state.heard.length;
    t.app.platform.realtime.toOrg(org.custId, 'ping-test', { n: 2 });
    t.app.platform.realtime.toOrg(other.custId, 'ping-test', { n: 3 });
    t.app.platform.realtime.toUser(org.owner.userId, 'ping-test', { n: 4 });

    // The same token, now expired, is refused at the handshake.
    await until(
      () => Date.now() > JSON.parse(Buffer.from(short.split('.')[1]!, 'base64url').toString()).exp * 1000,
    );
    const again = await open(short);
    expect(again.refused).toEqual({ key: 'generic.sessionExpired', code: 401 });
    // A fresh socket of the same organization hears what is sent after these three, not them.
    const fresh = await open(org.owner.headers.authorization.slice('Bearer '.length));
    await hearsOrg(org.custId, fresh.state, 5);
    expect(state.heard.length).toBe(heard);
  });

  it('a renewal for another organization leaves the first one: its announcements no longer arrive', async () => {
    const f = factories(t.app);
    const clinic = await f.org();
    const lab = await f.org();
    // The clinic's owner is also a member of the lab.
    await t.app.platform.db.execute(
      sql`insert into memberships (user_id, cust_id) values (${clinic.owner.userId}, ${lab.custId})`,
    );
    const { refused, state, s } = await open(clinic.owner.headers.authorization.slice('Bearer '.length));
    expect(refused).toBeUndefined();
    await hearsOrg(clinic.custId, state, 1);

    const forLab = await t.app.platform.tokens.sign(clinic.owner.userId, { ttl: 3600, custId: lab.custId });
    await expect(s.emitWithAck('renew', { token: forLab })).resolves.toEqual({ ok: true });
    await hearsOrg(lab.custId, state, 2);
    // The clinic's announcement, then the lab's: only the lab's arrives.
    t.app.platform.realtime.toOrg(clinic.custId, 'ping-test', { n: 3 });
    t.app.platform.realtime.toOrg(lab.custId, 'ping-test', { n: 4 });
    await until(() => state.heard.some((d) => (d as { n: number }).n === 4));
    // A witness still in the clinic's room hears the clinic's 3: had the renewed socket been in it, it had come.
    const witness = await open(clinic.owner.headers.authorization.slice('Bearer '.length));
    await hearsOrg(clinic.custId, witness.state, 5);
    expect(state.heard.map((d) => (d as { n: number }).n)).not.toContain(3);
    expect(state.heard.map((d) => (d as { n: number }).n)).not.toContain(5);
  });

  describe('a sign-in of the OpenID provider', () => {
    const PASSWORD = 'socket_pw1';
    const person = async () => {
      const org = await factories(t.app).org();
      await t.app.platform.db.execute(
        sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${org.owner.userId}`,
      );
      return org;
    };
    const signedIn = async (username: string) => {
      const browser = new InjectBrowser(t.app);
      const tokens = await signInWithCode(browser, username, PASSWORD, {
        scope: 'openid profile offline_access api',
        prompt: 'consent',
      });
      return { browser, tokens };
    };

    it("end-session closes that sign-in's connections, not the person's others, and its token no longer connects", async () => {
      const org = await person();
      const here = await signedIn(org.owner.username);
      const there = await signedIn(org.owner.username);
      const mine = await open(here.tokens.access_token);
      const theirs = await open(there.tokens.access_token);
      expect([mine.refused, theirs.refused]).toEqual([undefined, undefined]);
      await hearsOrg(org.custId, mine.state, 1);

      await endSession(here.browser, here.tokens.id_token);
      await until(() => mine.state.closed !== '', {
        timeoutMs: 15_000,
        what: 'the signed-out connection closed',
      });
      expect((await open(here.tokens.access_token)).refused).toEqual({
        key: 'generic.sessionExpired',
        code: 401,
      });
      // The other sign-in still hears its organization.
      await hearsOrg(org.custId, theirs.state, 2);
      expect(theirs.state.closed).toBe('');
    });

    it('a replayed refresh token closes the connections of its family', async () => {
      const org = await person();
      const { browser, tokens } = await signedIn(org.owner.username);
      const rotated = await tokenRequest(browser, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
      });
      expect(rotated.status).toBe(200);
      const sock = await open(rotated.body.access_token!);
      expect(sock.refused).toBeUndefined();

      const replay = await tokenRequest(browser, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
      });
      expect(replay.body.error).toBe('invalid_grant');
      await until(() => sock.state.closed !== '', {
        timeoutMs: 15_000,
        what: 'the connection of the revoked family closed',
      });
    });
  });
});
