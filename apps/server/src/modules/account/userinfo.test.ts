import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { users } from './users.schema.ts';

/**
 * OpenID userinfo (`/oidc/me`, issue 23 fidelity 1) with the access tokens Archway issues, all JWTs for the API:
 * a live account's claims, never a refused account's. (The whole relying-party flow: web e2e/openid.test.ts.)
 */
describe('OpenID userinfo for the access tokens Archway issues', () => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const userinfo = (authorization?: string, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({ method, url: '/oidc/me', headers: authorization ? { authorization } : {} });

  it("answers a live account's claims, not cached, by GET and POST", async () => {
    const person = await f.user(null);
    for (const method of ['GET', 'POST'] as const) {
      const answer = await userinfo(person.headers.authorization, method);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({
        sub: person.userId,
        preferred_username: person.username,
        name: expect.any(String),
      });
    }
  });

  it('refuses a disabled account and a forged token with invalid_token (401)', async () => {
    const person = await f.user(null);
    const [head, body] = person.headers.authorization.split('.');
    const forged = await userinfo(`${head}.${body}.${'A'.repeat(342)}`);
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['www-authenticate'])).toMatch(/^Bearer .*error="invalid_token"/);
    expect((await userinfo('Bearer not-a-token')).statusCode).toBe(401);
    // No token at all is the provider's own answer (invalid_request).
    expect((await userinfo()).json()).toMatchObject({ error: 'invalid_request' });

    await t.app.platform.db.update(users).set({ disabled: true }).where(eq(users.id, person.userId));
    const disabled = await userinfo(person.headers.authorization);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toMatchObject({ error: 'invalid_token' });
  });
});
