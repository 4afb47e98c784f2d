import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OIDC_CLIENT_ID } from '@archway/contract';
import { PUBLIC_URL } from './test-app.ts';

/** A minimal browser for app.inject: keeps cookies, sends them back, speaks to one host. */
export class InjectBrowser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: {
    method: 'GET' | 'POST';
    url: string;
    payload?: unknown;
    form?: Record<string, string>;
  }) {
    const url = opts.url.startsWith(PUBLIC_URL) ? opts.url.slice(PUBLIC_URL.length) : opts.url;
    const headers: Record<string, string> = { host: new URL(PUBLIC_URL).host };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.payload !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.payload);
    }
    const res = await this.app.inject({ method: opts.method, url, headers, payload });
    this.keep(res);
    return res;
  }

  private keep(res: LightMyRequestResponse) {
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

export const redirectUri = `${PUBLIC_URL}/v5/account/signin-callback`;

/**
 * Starts the authorization-code + PKCE flow; returns the sign-in page's uid and the PKCE verifier. `extra` adds or
 * replaces query parameters (a refresh token needs `scope` with `offline_access` and `prompt: 'consent'`).
 */
export async function startAuthorization(browser: InjectBrowser, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: OIDC_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile api',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
    nonce: 'n0nce',
    ...extra,
  });
  const res = await browser.request({ method: 'GET', url: `/oidc/auth?${query}` });
  const location = String(res.headers.location);
  const uid = /\/v5\/login\/([^/?]+)/.exec(location)?.[1];
  if (!uid) throw new Error(`no sign-in page: ${res.statusCode} ${location} ${res.body}`);
  return { uid, verifier };
}

/** Follows redirects inside the provider until the browser is sent back to the web app. */
export async function followToCallback(browser: InjectBrowser, url: string) {
  let next = url;
  for (let hops = 0; hops < 5; hops++) {
    if (next.startsWith(redirectUri)) return new URL(next);
    const res = await browser.request({ method: 'GET', url: next });
    if (!res.headers.location) throw new Error(`flow stopped at ${next}: ${res.statusCode} ${res.body}`);
    next = new URL(String(res.headers.location), PUBLIC_URL).href;
  }
  throw new Error('too many redirects');
}

/** The token endpoint's answer (RFC 6749 §5.1) or its error (§5.2). */
export interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  error?: string;
}

/** Posts a form to the token endpoint as the public client. */
export async function tokenRequest(browser: InjectBrowser, form: Record<string, string>) {
  const res = await browser.request({
    method: 'POST',
    url: '/oidc/token',
    form: { client_id: OIDC_CLIENT_ID, ...form },
  });
  return { status: res.statusCode, body: res.json<TokenAnswer>() };
}

/**
 * The whole code flow in `browser`: the sign-in page with `username` and `password`, the code exchanged for tokens.
 * `extra` as for startAuthorization.
 */
export async function signInWithCode(
  browser: InjectBrowser,
  username: string,
  password: string,
  extra: Record<string, string> = {},
) {
  const { uid, verifier } = await startAuthorization(browser, extra);
  const login = await browser.request({
    method: 'POST',
    url: `/v5/login/${uid}`,
    payload: { username, password },
  });
  if (!login.json<{ success: boolean }>().success) throw new Error(`sign-in failed: ${login.body}`);
  const callback = await followToCallback(
    browser,
    login.json<{ data: { redirectTo: string } }>().data.redirectTo,
  );
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.href}`);
  const { status, body } = await tokenRequest(browser, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  if (status !== 200 || !body.access_token)
    throw new Error(`token exchange failed: ${status} ${JSON.stringify(body)}`);
  return body as Required<Pick<TokenAnswer, 'access_token' | 'id_token'>> & TokenAnswer;
}

/**
 * RP-initiated logout as a browser does it: the end-session page, then its form (which the page's script submits)
 * posted back; answers where the browser is sent at the end.
 */
export async function endSession(browser: InjectBrowser, idToken: string) {
  const query = new URLSearchParams({
    id_token_hint: idToken,
    post_logout_redirect_uri: `${PUBLIC_URL}/v5/login`,
    state: 'bye',
  });
  const page = await browser.request({ method: 'GET', url: `/oidc/session/end?${query}` });
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`no logout form: ${page.statusCode} ${page.body}`);
  const form: Record<string, string> = {};
  for (const m of page.body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form[m[1]!] = m[2]!;
  const done = await browser.request({ method: 'POST', url: new URL(action, PUBLIC_URL).pathname, form });
  return String(done.headers.location ?? '');
}
