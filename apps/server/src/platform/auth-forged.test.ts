import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { factories } from '../testing/factories.ts';
import { forgedTokens } from '../testing/forged-tokens.ts';
import { HUB_PATH } from './realtime/hub.ts';

/**
 * Forged access tokens (testing/forged-tokens.ts: alg none, other keys, HS256 with the public key, other audience or
 * issuer, expired, not yet valid, an id token, a tampered payload) on a protected route and on the realtime hub:
 * every one answers 401 with the catalogue's "session expired" (the hub: a connect_error carrying its key), never
 * a 500; the good token (the control) is accepted by both.
 */
describe('forged access tokens on the HTTP API and the realtime hub', () => {
  let t: TestApp;
  let url: string;
  let tokens: Awaited<ReturnType<typeof forgedTokens>>;
  let username: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${addr.port}`;
    const org = await factories(t.app).org();
    username = org.owner.username;
    tokens = await forgedTokens(t.app, org.owner.userId);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const call = (path: string, token: string) =>
    t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

  /** Connects with `token`: undefined once connected, else the refusal's data. */
  const handshake = (token: string) => {
    const s = connect(url, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(s);
    return new Promise<{ message: string; data?: { key?: string; code?: number } } | undefined>((resolve) => {
      s.once('connect', () => resolve(undefined));
      s.once('connect_error', (err: Error & { data?: { key?: string; code?: number } }) =>
        resolve({ message: err.message, data: err.data }),
      );
    });
  };

  it('accepts the good token (the control)', async () => {
    const res = await call('/user/current', tokens.good);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(username);
    expect(await handshake(tokens.good)).toBeUndefined();
  });

  it.each(['/user/current', '/api2/user'])(
    'refuses every forged token on %s with "session expired"',
    async (path) => {
      expect((await call(path, tokens.good)).statusCode).toBe(200);
      const answers: Record<string, unknown> = {};
      for (const [name, token] of Object.entries(tokens.forged)) {
        const res = await call(path, token);
        answers[name] = {
          status: res.statusCode,
          key: res.json().data?.key,
          errorCode: res.json().errorCode,
        };
      }
      const expected = Object.fromEntries(
        Object.keys(tokens.forged).map((name) => [
          name,
          { status: 401, key: 'generic.sessionExpired', errorCode: 401 },
        ]),
      );
      expect(answers).toEqual(expected);
    },
  );

  it('refuses every forged token at the realtime handshake with "session expired"', async () => {
    const answers: Record<string, unknown> = {};
    for (const [name, token] of Object.entries(tokens.forged)) answers[name] = await handshake(token);
    const expected = Object.fromEntries(
      Object.keys(tokens.forged).map((name) => [
        name,
        { message: 'unauthorized', data: { key: 'generic.sessionExpired', code: 401 } },
      ]),
    );
    expect(answers).toEqual(expected);
  });

  it('disconnects a socket that renews with a forged token', async () => {
    for (const token of [tokens.forged['alg none']!, tokens.forged['another key with the same kid']!]) {
      const s = connect(url, {
        path: HUB_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: tokens.good },
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const gone = new Promise((resolve) => s.once('disconnect', resolve));
      await expect(s.emitWithAck('renew', { token })).resolves.toEqual({ ok: false });
      await gone;
    }
  });
});
