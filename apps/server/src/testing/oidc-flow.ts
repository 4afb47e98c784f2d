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

/** Starts the authorization-code + PKCE flow; returns the sign-in page's uid and the PKCE verifier. */
export async function startAuthorization(browser: InjectBrowser) {
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
