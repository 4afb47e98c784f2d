import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { factories } from '../../testing/factories.ts';
import { endSession, InjectBrowser, signInWithCode, tokenRequest } from '../../testing/oidc-flow.ts';
import { hashPassword } from './passwords.ts';

/**
 * The OpenID provider's refresh tokens and sign-out, seen from the API: a refresh token used twice (stolen and
 * replayed, or the thief's copy used after the owner's) is refused and ends its whole family (every token of the
 * grant, the access tokens the API accepts too); RP-initiated logout ends the session's tokens. Another sign-in of the
 * same person is untouched by either.
 */
describe('OpenID refresh tokens and end-session, on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  const PASSWORD = 'refresh_pw1';
  /** A person of an organization of their own, with a password. */
  const person = async () => {
    const org = await factories(t.app).org();
    await t.app.platform.db.execute(
      sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${org.owner.userId}`,
    );
    return org.owner;
  };
  /** A browser signed in with the code flow, asking for a refresh token (offline_access needs prompt=consent). */
  const signedIn = async (username: string) => {
    const browser = new InjectBrowser(t.app);
    const tokens = await signInWithCode(browser, username, PASSWORD, {
      scope: 'openid profile offline_access api',
      prompt: 'consent',
    });
    expect(tokens.refresh_token).toBeTruthy();
    return { browser, tokens };
  };
  const refresh = (browser: InjectBrowser, token: string) =>
    tokenRequest(browser, { grant_type: 'refresh_token', refresh_token: token });

  const current = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/user/current',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const expectAccepted = async (accessToken: string, username: string) => {
    const res = await current(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(username);
  };
  const expectRefused = async (accessToken: string) => {
    const res = await current(accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      errorCode: 401,
      data: { key: 'generic.sessionExpired' },
    });
    // Userinfo (answered by the API for JWT access tokens) refuses it too.
    const info = await t.app.inject({
      method: 'GET',
      url: '/oidc/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(info.statusCode).toBe(401);
  };

  it('rotates a refresh token on use: new tokens that work, the old refresh token spent', async () => {
    const p = await person();
    const { browser, tokens } = await signedIn(p.username);
    await expectAccepted(tokens.access_token, p.username);
    const first = await refresh(browser, tokens.refresh_token!);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(first.body.access_token).not.toBe(tokens.access_token);
    await expectAccepted(first.body.access_token!, p.username);
    // The newer one refreshes again.
    const second = await refresh(browser, first.body.refresh_token!);
    expect(second.status).toBe(200);
    await expectAccepted(second.body.access_token!, p.username);
  });

  it('refuses a refresh token used a second time and ends its whole family, the API access tokens too', async () => {
    const p = await person();
    const { browser, tokens } = await signedIn(p.username);
    // The same person signed in elsewhere (another computer): a family of its own.
    const elsewhere = await signedIn(p.username);

    const rotated = await refresh(browser, tokens.refresh_token!);
    expect(rotated.status).toBe(200);
    await expectAccepted(rotated.body.access_token!, p.username);

    // The old refresh token again (a stolen copy replayed): refused…
    const replay = await refresh(browser, tokens.refresh_token!);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // …and the family is gone: the newer refresh token and every access token of the grant.
    const newer = await refresh(browser, rotated.body.refresh_token!);
    expect(newer.status).toBe(400);
    expect(newer.body.error).toBe('invalid_grant');
    await expectRefused(tokens.access_token);
    await expectRefused(rotated.body.access_token!);

    // The other sign-in of the same person goes on.
    await expectAccepted(elsewhere.tokens.access_token, p.username);
    const other = await refresh(elsewhere.browser, elsewhere.tokens.refresh_token!);
    expect(other.status).toBe(200);
    await expectAccepted(other.body.access_token!, p.username);
  });

  it("end-session refuses the session's access tokens at the API and its refresh token at the token endpoint", async () => {
    const p = await person();
    const { browser, tokens } = await signedIn(p.username);
    const elsewhere = await signedIn(p.username);
    const renewed = await refresh(browser, tokens.refresh_token!);
    expect(renewed.status).toBe(200);
    await expectAccepted(renewed.body.access_token!, p.username);

    const landed = await endSession(browser, renewed.body.id_token ?? tokens.id_token);
    expect(landed).toBe(`${PUBLIC_URL}/v5/login?state=bye`);

    await expectRefused(tokens.access_token);
    await expectRefused(renewed.body.access_token!);
    const after = await refresh(browser, renewed.body.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');

    // Signing out of one browser leaves the person's other sign-in alone.
    await expectAccepted(elsewhere.tokens.access_token, p.username);
    expect((await refresh(elsewhere.browser, elsewhere.tokens.refresh_token!)).status).toBe(200);
  });
});
