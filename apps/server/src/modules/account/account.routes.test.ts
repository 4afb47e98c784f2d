import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT, exportJWK, importJWK } from 'jose';
import { API_AUDIENCE, CustType } from '@archway/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { serverSecrets } from '../../platform/identity/identity.schema.ts';
import { hashGate } from '../../platform/identity/passwords.ts';
import { users } from './users.schema.ts';
import { memberships } from '../orgs/orgs.schema.ts';
import { signInCounters } from './account.schema.ts';
import type { IdentitySecrets } from '../../platform/identity/secrets.ts';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { followToCallback, InjectBrowser, redirectUri, startAuthorization } from '../../testing/oidc-flow.ts';
import { presentIdentitySettings, regionOf } from './account.presenter.ts';
import { addressBucket, SIGN_IN_LIMITS, slowDown } from './account.service.ts';

describe('regionOf', () => {
  it('derives the region from the page host', () => {
    expect(regionOf('archway.cn')).toBe('cn');
    expect(regionOf('eu.archway.com:443')).toBe('eu');
    expect(regionOf('in.archway.com')).toBe('in');
    expect(regionOf('localhost:8080')).toBe('en');
    expect(regionOf('cnc-dental.com')).toBe('en');
  });
});

describe('identity settings', () => {
  it('take every URL from PUBLIC_URL, the region from the token parameter or its host, and FRAME_ANCESTORS', () => {
    const s = presentIdentitySettings({
      publicUrl: 'https://eu.archway.example',
      issuer: 'https://eu.archway.example/oidc',
      demo: false,
      frameAncestors: ["'self'", 'https://portal.example'],
      region: undefined,
      brand: 'archway',
    });
    expect(s).toMatchObject({
      authority: 'https://eu.archway.example/oidc',
      redirect_uri: 'https://eu.archway.example/v5/account/signin-callback',
      region: 'eu',
      frameAncestors: ["'self'", 'https://portal.example'],
    });
  });
});

describe('addressBucket', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and groups IPv6 by /64', () => {
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe(addressBucket('2001:DB8:1:2::9'));
    expect(addressBucket('2001:db8:1:2::1')).not.toBe(addressBucket('2001:db8:1:3::1'));
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket(undefined)).toBe('unknown');
  });
});

describe.each(engines)('sign-in (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    // The demo data on (identity settings say so); every test signs in with people of its own.
    t = await createTestApp(engine);
    f = factories(t.app);
  });
  afterAll(() => t.close());

  /** A new account with the demo password (its hash copied: no hashing), e-mail `<name>@t.test`. */
  const makeUser = async (username: string, custId?: string) => {
    const db = t.app.platform.db;
    const [demo] = await db.select().from(users).where(eq(users.username, 'clinic'));
    const [row] = await db
      .insert(users)
      .values({ username, email: `${username}@t.test`, passwordHash: demo!.passwordHash })
      .returning({ id: users.id });
    if (custId) await db.insert(memberships).values({ userId: row!.id, custId });
    return username;
  };
  let people = 0;
  /** A fresh account with the demo password: its username. */
  const person = (custId?: string) => makeUser(`person${++people}-${Date.now().toString(36)}`, custId);

  const token = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/account/token',
      payload,
      remoteAddress: `10.0.0.${Math.floor(Math.random() * 250)}`,
    });

  it('gives the identity settings the web app needs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v5/identitySettings.json?timestamp=1',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      authority: `${PUBLIC_URL}/oidc`,
      client_id: 'archway-web',
      redirect_uri: redirectUri,
      silent_redirect_uri: `${PUBLIC_URL}/v5/silent-renew.html`,
      post_logout_redirect_uri: `${PUBLIC_URL}/v5/login`,
      response_type: 'code',
      scope: 'openid profile api',
      region: 'en',
      demo: true,
      frameAncestors: ["'self'"],
      brand: 'archway',
    });
    const eu = await t.app.inject({ method: 'GET', url: '/v5/identitySettings.json?token=eu' });
    expect(eu.json().region).toBe('eu');
  });

  it('derives every identity URL from PUBLIC_URL: a forged Host or X-Forwarded-Host changes nothing', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/v5/identitySettings.json' })).json();
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.cn', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { forwarded: 'host=evil.example;proto=https' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/v5/identitySettings.json', headers });
      expect(res.json()).toEqual(plain);
      expect(res.body).not.toContain('evil');
      // The provider's own discovery document too.
      const disco = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers,
      });
      expect(disco.statusCode).toBe(200);
      expect(disco.json().issuer).toBe(`${PUBLIC_URL}/oidc`);
      expect(disco.json().authorization_endpoint).toBe(`${PUBLIC_URL}/oidc/auth`);
      expect(disco.body).not.toContain('evil');
    }
  });

  it('signs in by username or e-mail and returns AccessToken', async () => {
    const name = await person();
    for (const username of [name, name.toUpperCase(), `${name}@t.test`]) {
      const res = await token({ username, password: 'demo123', remember: false, module: 'web', custId: '' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, errorCode: 0, data: { ExpiresIn: 3600 } });
      const me = await t.app.inject({
        method: 'GET',
        url: '/user/current',
        headers: { authorization: `Bearer ${body.data.AccessToken}` },
      });
      expect(me.json().data.username).toBe(name);
    }
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    for (const [username, password] of [
      [await person(), 'wrong-pass'],
      ['nobody', 'demo123'],
    ]) {
      const res = await token({ username, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        errorCode: -1,
        errorMessage: 'Wrong username or password',
        data: { key: 'signIn.invalidCredentials' },
      });
    }
  });

  it('refuses a malformed body, naming the field', async () => {
    const res = await token({ username: await person() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 400,
      data: { key: 'generic.validation', field: 'body.password' },
    });
  });

  let addr = 0;
  const fresh = () => `172.16.${Math.floor(addr / 250)}.${addr++ % 250}`;
  const attempt = (username: string, password: string, remoteAddress = fresh()) =>
    t.app.inject({ method: 'POST', url: '/account/token', payload: { username, password }, remoteAddress });
  /** Runs `body` with some limits lowered, restoring them after. */
  const withLimits = async (limits: Partial<typeof SIGN_IN_LIMITS>, body: () => Promise<void>) => {
    const saved = { ...SIGN_IN_LIMITS };
    Object.assign(SIGN_IN_LIMITS, limits);
    try {
      await body();
    } finally {
      Object.assign(SIGN_IN_LIMITS, saved);
    }
  };
  /** The answer and how long it took. */
  const timed = async (answer: Promise<{ statusCode: number }>) => {
    const started = performance.now();
    const res = await answer;
    return { status: res.statusCode, ms: performance.now() - started };
  };

  it('throttles the address that fails on an account (429, even for the right password); the right password from another address still signs in', async () => {
    const victim = await person();
    const attacker = fresh();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++)
      expect((await attempt(victim, 'nope00', attacker)).statusCode).toBe(400);
    const blocked = await attempt(victim, 'demo123', attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      errorCode: 429,
      errorMessage: expect.any(String),
      data: { key: 'generic.tooManyAttempts' },
    });
    // The account itself is not locked: its owner, at an address that has not failed, signs in.
    expect((await attempt(victim, 'demo123', fresh())).statusCode).toBe(200);
    // …and the attacking address stays throttled on that account.
    expect((await attempt(victim, 'demo123', attacker)).statusCode).toBe(429);
    // Another account from the attacking address is not affected.
    expect((await attempt(await person(), 'demo123', attacker)).statusCode).toBe(200);
  });

  it("nobody locks the administrator out: failures on admin from one address leave admin's sign-in elsewhere working", async () => {
    const db = t.app.platform.db;
    const boss = await person();
    await db.update(users).set({ isAdmin: true }).where(eq(users.username, boss));
    const attacker = fresh();
    for (let i = 0; i < SIGN_IN_LIMITS.perAdminAccount; i++)
      expect((await attempt(boss, 'nope00', attacker)).statusCode).toBe(400);
    expect((await attempt(boss, 'demo123', attacker)).statusCode).toBe(429);
    expect((await attempt(boss, 'demo123', fresh())).statusCode).toBe(200);
  });

  it('slows, never locks, an address past its failures (a clinic behind one router), whatever X-Forwarded-For claims', async () => {
    await withLimits({ perAddress: 4, slowDelayMs: 150, slowDelayMaxMs: 300 }, async () => {
      let n = 0;
      const from = (username: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/account/token',
          payload: { username, password },
          remoteAddress: '192.0.2.77',
          headers: { 'x-forwarded-for': `198.51.100.${n++ % 250}` },
        });
      const colleague = await person();
      for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++)
        expect((await timed(from(`ghost${i}`, 'nope00'))).status).toBe(400);
      // Past the limit: every attempt from the address waits, longer after each failure, but is still tried.
      const right = await timed(from(colleague, 'demo123'));
      expect(right.status).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(150 - 5);
      const wrong = await timed(from('ghost-x', 'nope00'));
      expect(wrong.status).toBe(400);
      expect(wrong.ms).toBeGreaterThanOrEqual(150 - 5);
      // One more failure: the wait doubles (up to its cap). Successes do not add to it.
      const again = await timed(from('ghost-y', 'nope00'));
      expect(again.status).toBe(400);
      expect(again.ms).toBeGreaterThanOrEqual(300 - 5);
      expect((await timed(from(colleague, 'demo123'))).status).toBe(200);
      // Other addresses are not slowed.
      expect(slowDown(1)).toBe(0);
      expect((await attempt(await person(), 'demo123')).statusCode).toBe(200);
    });
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'signIn'));
    expect(rows.filter((r) => r.detail?.limit === 'addressSlowed' && r.ip === '192.0.2.77').length).toBe(1);
  });

  it('reserves attempts before the password check: of 20 concurrent wrong ones exactly the limit get through', async () => {
    await makeUser('racer');
    const from = fresh();
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt('racer', 'wrong00', from)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBe(SIGN_IN_LIMITS.perAccount);
    expect(codes.filter((c) => c === 429).length).toBe(20 - SIGN_IN_LIMITS.perAccount);
    for (const r of results.filter((x) => x.statusCode === 400))
      expect(r.json().data.key).toBe('signIn.invalidCredentials');
    expect((await attempt('racer', 'demo123', from)).statusCode).toBe(429);
    // One audit entry for the lock, not one per refused attempt.
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'signIn'));
    const racer = rows.filter((r) => r.detail?.login === 'racer');
    expect(racer.filter((r) => r.detail?.reason === 'invalidCredentials').length).toBe(5);
    expect(racer.filter((r) => r.detail?.reason === 'rateLimited').length).toBe(1);
  });

  it('counts the account, not the login: username and e-mail share one counter', async () => {
    await makeUser('aliased');
    const from = fresh();
    for (const login of ['aliased', 'ALIASED', 'aliased@t.test', 'Aliased@T.test', 'aliased'])
      expect((await attempt(login, 'wrong00', from)).statusCode).toBe(400);
    expect((await attempt('aliased@t.test', 'demo123', from)).statusCode).toBe(429);
    expect((await attempt('aliased', 'demo123', from)).statusCode).toBe(429);
  });

  it('a successful sign-in forgets that address’s failures on the account and gives the address its attempt back', async () => {
    await makeUser('forgetful');
    const from = '198.18.0.1';
    for (let i = 0; i < 4; i++) expect((await attempt('forgetful', 'wrong00', from)).statusCode).toBe(400);
    expect((await attempt('forgetful', 'demo123', from)).statusCode).toBe(200);
    // Failures forgotten: five more wrong ones from the same address are plain refusals.
    for (let i = 0; i < 5; i++) expect((await attempt('forgetful', 'wrong00', from)).statusCode).toBe(400);
    expect((await attempt('forgetful', 'wrong00', from)).statusCode).toBe(429);
    await withLimits({ perAddress: 2, slowDelayMs: 200, slowDelayMaxMs: 200 }, async () => {
      // Successes do not use up the address's failure budget.
      const other = '198.18.0.2';
      const someone = await person();
      expect((await attempt(someone, 'demo123', other)).statusCode).toBe(200);
      expect((await attempt(someone, 'demo123', other)).statusCode).toBe(200);
      expect((await attempt('ghost-a', 'wrong00', other)).statusCode).toBe(400);
      expect((await attempt('ghost-b', 'wrong00', other)).statusCode).toBe(400);
      const [counter] = await t.app.platform.db
        .select()
        .from(signInCounters)
        .where(eq(signInCounters.key, `fail:${other}`));
      expect(counter?.n).toBe(2);
      const third = await timed(attempt('ghost-c', 'wrong00', other));
      expect(third.status).toBe(400);
      expect(third.ms).toBeGreaterThanOrEqual(200 - 5);
    });
  });

  it('limits every sign-in per address whatever its outcome', async () => {
    const lab2 = await person();
    await withLimits({ perAddressPerMinute: 4, floodDelayMs: 300 }, async () => {
      const from = '198.18.1.1';
      expect((await attempt(lab2, 'demo123', from)).statusCode).toBe(200);
      expect((await attempt(lab2, 'demo123', from)).statusCode).toBe(200);
      expect((await attempt('nobody', 'wrong00', from)).statusCode).toBe(400);
      expect((await attempt(lab2, 'demo123', from)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await attempt(lab2, 'demo123', from);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ errorCode: 429, data: { key: 'generic.tooManyAttempts' } });
        // Past the first refusal (counted in the database), the flood waits for its answer.
        if (i > 0)
          expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.floodDelayMs - 5);
      }
      expect((await attempt(lab2, 'demo123', '198.18.1.2')).statusCode).toBe(200);
    });
    // Past the first refusal the flood is refused in memory: the database counter stops at limit + 1.
    const [counter] = await t.app.platform.db
      .select()
      .from(signInCounters)
      .where(eq(signInCounters.key, 'rate:198.18.1.1'));
    expect(counter?.n).toBe(5);
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'signIn'));
    expect(rows.filter((r) => r.detail?.limit === 'addressRate' && r.ip === '198.18.1.1').length).toBe(1);
  });

  it('answers 429 at once when the hashing queue is full, and gives the attempt back', async () => {
    await makeUser('queued');
    let open!: () => void;
    const gateClosed = new Promise<void>((r) => (open = r));
    // Take every slot and fill the queue, as a flood of sign-ins would.
    const held = Array.from({ length: hashGate.slots + hashGate.maxQueue }, () =>
      hashGate.run(() => gateClosed, { bounded: false }),
    );
    try {
      expect(hashGate.stats.queued).toBe(hashGate.maxQueue);
      for (let i = 0; i <= SIGN_IN_LIMITS.perAccount; i++) {
        const res = await attempt('queued', 'wrong00');
        expect(res.statusCode).toBe(429);
        expect(res.json()).toMatchObject({ errorCode: 429, data: { key: 'generic.tooManyAttempts' } });
      }
    } finally {
      open();
      await Promise.all(held);
    }
    // Attempts refused for a full queue were never tried, so they do not count against the account.
    expect((await attempt('queued', 'demo123')).statusCode).toBe(200);
  });

  it('refuses a username over 100 or a password over 64 characters before any hashing', async () => {
    const before = hashGate.stats.completed;
    for (const [payload, field] of [
      [{ username: 'u'.repeat(101), password: 'demo123' }, 'body.username'],
      [{ username: 'clinic', password: 'p'.repeat(65) }, 'body.password'],
      [{ username: 'clinic', password: 'p'.repeat(1_000_000) }, 'body.password'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/token',
        payload,
        remoteAddress: fresh(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 400, data: { key: 'generic.validation', field } });
    }
    expect(hashGate.stats.completed).toBe(before);
    // At the limits, the attempt is an ordinary wrong one.
    expect((await attempt('u'.repeat(100), 'p'.repeat(64))).statusCode).toBe(400);
  });

  it('keeps a bounded login in the audit entry of a refused sign-in', async () => {
    const login = `${'x'.repeat(99)}é`;
    expect((await attempt(login, 'wrong00')).statusCode).toBe(400);
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'signIn'));
    const mine = rows.find((r) => String(r.detail?.login ?? '').startsWith('xxxx'));
    expect(mine?.detail?.login).toBe(login);
    expect(rows.every((r) => String(r.detail?.login ?? '').length <= 100)).toBe(true);
  });

  it('writes sign-in successes and failures to the audit log', async () => {
    const name = await person();
    const [{ id }] = (await t.app.platform.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, name))) as [{ id: string }];
    expect((await attempt(name, 'demo123')).statusCode).toBe(200);
    await withLimits({ perAccount: 1 }, async () => {
      const from = fresh();
      expect((await attempt(name, 'wrong00', from)).statusCode).toBe(400);
      expect((await attempt(name, 'demo123', from)).statusCode).toBe(429);
    });
    const rows = await t.app.platform.db.select().from(auditLog).where(eq(auditLog.action, 'signIn'));
    expect(rows.some((r) => r.outcome === 'allowed' && r.objectId === id)).toBe(true);
    expect(
      rows.some(
        (r) =>
          r.outcome === 'refused' && r.detail?.reason === 'invalidCredentials' && r.detail?.login === name,
      ),
    ).toBe(true);
    expect(
      rows.some(
        (r) => r.outcome === 'refused' && r.detail?.reason === 'rateLimited' && r.detail?.login === name,
      ),
    ).toBe(true);
    expect(rows.every((r) => r.ip)).toBe(true);
  });

  describe('access tokens', () => {
    const me = (authorization?: string) =>
      t.app.inject({ method: 'GET', url: '/user/current', headers: authorization ? { authorization } : {} });
    const secrets = async () => {
      const [row] = await t.app.platform.db
        .select()
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'identity'));
      return row!.value as IdentitySecrets;
    };
    const expectRefused = async (authorization?: string) => {
      const res = await me(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        errorCode: 401,
        data: { key: 'generic.sessionExpired' },
      });
    };
    /** A real account's id (the tokens below are refused for what they are, not for whom). */
    const userId = async () => (await f.user()).userId;

    it('refuses a call without a token', () => expectRefused());
    it('refuses garbage', () => expectRefused('Bearer not.a.jwt'));

    it('refuses an expired token', async () => {
      const s = await secrets();
      const key = await importJWK(s.signingKey, 'RS256');
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: s.signingKey.kid })
        .setIssuer(`${PUBLIC_URL}/oidc`)
        .setAudience(API_AUDIENCE)
        .setSubject(await userId())
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(key);
      await expectRefused(`Bearer ${jwt}`);
    });

    it('refuses a token signed by another key with the same kid', async () => {
      const s = await secrets();
      const { privateKey } = await generateKeyPair('RS256');
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: s.signingKey.kid })
        .setIssuer(`${PUBLIC_URL}/oidc`)
        .setAudience(API_AUDIENCE)
        .setSubject(await userId())
        .setExpirationTime('1h')
        .sign(privateKey);
      await expectRefused(`Bearer ${jwt}`);
    });

    it('refuses alg none and HS256 signed with the public key', async () => {
      const s = await secrets();
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const claims = {
        iss: `${PUBLIC_URL}/oidc`,
        aud: API_AUDIENCE,
        sub: await userId(),
        exp: Math.floor(Date.now() / 1000) + 600,
      };
      await expectRefused(`Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`);
      const { n } = s.signingKey;
      const hmacKey = new TextEncoder().encode(
        JSON.stringify(await exportJWK(await importJWK({ kty: 'RSA', n, e: 'AQAB' }, 'RS256'))),
      );
      const hs = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: s.signingKey.kid })
        .sign(hmacKey);
      await expectRefused(`Bearer ${hs}`);
    });

    it('accepts the Bearer scheme in any letter case, and nothing but one token after it', async () => {
      const someone = await f.user();
      const jwt = someone.headers.authorization.slice('Bearer '.length);
      for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
        expect((await me(`${scheme} ${jwt}`)).json().data.username).toBe(someone.username);
      expect((await me(`Bearer   ${jwt}  `)).statusCode).toBe(200);
      await expectRefused(`Basic ${jwt}`);
      await expectRefused(`Bearer${jwt}`);
      await expectRefused(`Bearer ${jwt} ${jwt}`);
    });

    it('refuses a token without exp or sub, or not typed at+jwt, even when properly signed', async () => {
      const s = await secrets();
      const key = await importJWK(s.signingKey, 'RS256');
      const sub = await userId();
      const base = () =>
        new SignJWT({}).setIssuer(`${PUBLIC_URL}/oidc`).setAudience(API_AUDIENCE).setIssuedAt();
      const header = (typ?: string) => ({ alg: 'RS256', kid: s.signingKey.kid, ...(typ ? { typ } : {}) });
      const good = await base()
        .setProtectedHeader(header('at+jwt'))
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(key);
      expect((await me(`Bearer ${good}`)).statusCode).toBe(200);
      for (const jwt of [
        await base().setProtectedHeader(header('at+jwt')).setSubject(sub).sign(key),
        await base().setProtectedHeader(header('at+jwt')).setExpirationTime('1h').sign(key),
        await base().setProtectedHeader(header('JWT')).setSubject(sub).setExpirationTime('1h').sign(key),
        await base().setProtectedHeader(header()).setSubject(sub).setExpirationTime('1h').sign(key),
      ])
        await expectRefused(`Bearer ${jwt}`);
    });

    it('refuses a wrong audience or issuer', async () => {
      const s = await secrets();
      const key = await importJWK(s.signingKey, 'RS256');
      const sub = await userId();
      for (const [iss, aud] of [
        [`${PUBLIC_URL}/oidc`, 'urn:other'],
        ['https://evil.example/oidc', API_AUDIENCE],
      ]) {
        const jwt = await new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: s.signingKey.kid })
          .setIssuer(iss!)
          .setAudience(aud!)
          .setSubject(sub)
          .setExpirationTime('1h')
          .sign(key);
        await expectRefused(`Bearer ${jwt}`);
      }
    });
  });

  describe('OpenID Connect code flow with PKCE', () => {
    it('signs in through the sign-in page and gets a JWT access token the API accepts', async () => {
      const labOrg = await f.org({ custType: CustType.lab });
      const lab = await person(labOrg.custId);
      const browser = new InjectBrowser(t.app);
      const { uid, verifier } = await startAuthorization(browser);

      const wrong = await browser.request({
        method: 'POST',
        url: `/v5/login/${uid}`,
        payload: { username: lab, password: 'bad-pw' },
      });
      expect(wrong.json()).toMatchObject({ success: false, errorCode: -1 });

      const login = await browser.request({
        method: 'POST',
        url: `/v5/login/${uid}`,
        payload: { username: lab, password: 'demo123' },
      });
      expect(login.json()).toMatchObject({ success: true });
      const callback = await followToCallback(browser, login.json().data.redirectTo);
      expect(callback.searchParams.get('state')).toBe('st4te');
      const code = callback.searchParams.get('code')!;

      const tokenRes = await browser.request({
        method: 'POST',
        url: '/oidc/token',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: 'archway-web',
          code_verifier: verifier,
        },
      });
      expect(tokenRes.statusCode).toBe(200);
      const tokens = tokenRes.json();
      expect(tokens.id_token).toBeTruthy();
      const me = await t.app.inject({
        method: 'GET',
        url: '/user/current',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.json().data).toMatchObject({ username: lab, custName: labOrg.name, custType: 3 });

      // A second authorization in the same browser session needs no password (silent renew).
      const again = await startAuthorization(browser).catch((err: Error) => err);
      expect(again).toBeInstanceOf(Error);
      expect(String(again)).toContain(redirectUri);
    });

    it('refuses a token exchange without the PKCE verifier', async () => {
      const lab = await person();
      const browser = new InjectBrowser(t.app);
      const { uid } = await startAuthorization(browser);
      const login = await browser.request({
        method: 'POST',
        url: `/v5/login/${uid}`,
        payload: { username: lab, password: 'demo123' },
      });
      const code = (await followToCallback(browser, login.json().data.redirectTo)).searchParams.get('code')!;
      const res = await browser.request({
        method: 'POST',
        url: '/oidc/token',
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: 'archway-web',
          code_verifier: 'x'.repeat(43),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_grant');
    });

    it('answers an unknown or foreign sign-in page with "interaction expired"', async () => {
      const lab = await person();
      const browser = new InjectBrowser(t.app);
      await startAuthorization(browser);
      const res = await browser.request({
        method: 'POST',
        url: '/v5/login/not-a-uid',
        payload: { username: lab, password: 'demo123' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: -4, data: { key: 'signIn.interactionExpired' } });
    });
  });
});

describe('identity state survives a restart', () => {
  it('keeps signing keys, so an issued token still works', async () => {
    const t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    try {
      // A token issued (signed with the installation's key) before the restart.
      const someone = await factories(t.app).user();
      const { authorization } = someone.headers;
      await t.app.close();
      const again = await buildApp(loadConfig(t.env));
      try {
        const me = await again.inject({ method: 'GET', url: '/user/current', headers: { authorization } });
        expect(me.json().data.username).toBe(someone.username);
      } finally {
        await again.close();
      }
    } finally {
      await t.close();
    }
  });
});
