import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import type { Page } from 'playwright-core';
import { OIDC_CLIENT_ID } from '@archway/contract';
import { startJourney, type Journey } from './server.ts';
import { people, suffix } from './support/people.ts';

/**
 * A standard relying party (`openid-client`, issue 23 fidelity 1) against Archway's OpenID provider: discovery, the
 * authorization code with PKCE through the real sign-in form in Chromium, the token, userinfo, a refresh, and
 * end-session. The browser is the worker's shared Chromium; the redirect back to the relying party is read from the
 * tab's address as it commits.
 */
describe('a standard OpenID relying party', () => {
  let journey: Journey;
  let page: Page;
  let publicUrl = '';

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, publicUrl } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  /**
   * Runs `open` and answers the first URL under `prefix` the tab is sent to (caught when the navigation commits, before
   * any page there runs); then the tab is parked on about:blank, so the SPA's own callback page never goes on.
   */
  const landing = async (prefix: string, open: () => Promise<unknown>) => {
    let reached = '';
    const arrived = page.waitForURL(
      (url) => {
        if (!reached && (url.href === prefix || url.href.startsWith(`${prefix}?`))) reached = url.href;
        return reached !== '';
      },
      { waitUntil: 'commit' },
    );
    await open();
    await arrived;
    await page.goto('about:blank');
    return reached;
  };

  it(
    'discovers, signs in with code + PKCE on the sign-in form, reads userinfo, refreshes and ends the session',
    { timeout: 120_000 },
    async () => {
      const p = people(journey.app);
      const username = `rp.${suffix()}`;
      const person = await p.person(null, { username });
      await p.password(person, 'rp_secret1');

      // Discovery: the endpoints a relying party needs, the refresh grant among the grants.
      const config = await oidc.discovery(
        new URL(`${publicUrl}/oidc`),
        OIDC_CLIENT_ID,
        undefined,
        oidc.None(),
        {
          execute: [oidc.allowInsecureRequests],
        },
      );
      const meta = config.serverMetadata();
      expect(meta.userinfo_endpoint).toBe(`${publicUrl}/oidc/me`);
      expect(meta.end_session_endpoint).toBeTruthy();
      expect(meta.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'offline_access']));

      // Authorization code + PKCE, signed in on Archway's own form.
      const redirectUri = `${publicUrl}/v5/account/signin-callback`;
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const authorize = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile offline_access',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'consent',
      });
      const callback = await landing(redirectUri, async () => {
        await page.goto(authorize.href);
        await page.waitForURL(/\/v5\/login\/[^/?]+/);
        await page.locator('input#username').fill(username);
        await page.locator('input#password').fill('rp_secret1');
        await page.locator('button[type=submit]').click();
      });
      const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
      const sub = tokens.claims()!.sub;
      expect(sub).toBe(person.userId);
      expect(tokens.refresh_token).toBeTruthy();

      // Userinfo with the access token the provider issued; the same token calls the API.
      expect(await oidc.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({
        sub,
        preferred_username: username,
      });
      const current = await journey.app.inject({
        method: 'GET',
        url: '/user/current',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(current.json()).toMatchObject({ success: true, data: { username } });

      // A refresh: new tokens for the same person, again good for userinfo.
      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(await oidc.fetchUserInfo(config, refreshed.access_token, sub)).toMatchObject({ sub });
      const rotated = refreshed.refresh_token ?? tokens.refresh_token!;

      // End-session: the provider signs the browser out and returns to the registered page; the session's
      // refresh token is dead with it, and a silent authorization now needs a sign-in.
      const postLogout = `${publicUrl}/v5/login`;
      const logout = oidc.buildEndSessionUrl(config, {
        id_token_hint: refreshed.id_token ?? tokens.id_token!,
        post_logout_redirect_uri: postLogout,
        state: 'bye',
      });
      const after = await landing(postLogout, () => page.goto(logout.href, { waitUntil: 'commit' }));
      expect(new URL(after).searchParams.get('state')).toBe('bye');
      await expect(oidc.refreshTokenGrant(config, rotated)).rejects.toMatchObject({ error: 'invalid_grant' });
      const silent = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        state: 'again',
        prompt: 'none',
      });
      const refused = new URL(
        await landing(redirectUri, () => page.goto(silent.href, { waitUntil: 'commit' })),
      );
      expect(refused.searchParams.get('error')).toBe('login_required');
    },
  );
});
