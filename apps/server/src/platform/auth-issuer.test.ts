import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, type TestApp } from '../testing/test-app.ts';
import { factories } from '../testing/factories.ts';
import { forgedTokens } from '../testing/forged-tokens.ts';
import type { LogOut } from './logging.ts';

/** A log destination that keeps its JSON lines. */
function collector(): LogOut & { entries(): Record<string, unknown>[] } {
  let text = '';
  return {
    isTTY: false,
    write(chunk: string) {
      text += chunk;
      return true;
    },
    entries: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/**
 * A token this installation signed for another issuer (a process started with another PUBLIC_URL) is refused as
 * before (401 "session expired"), and the log says why: one warning naming both issuers, never the token.
 */
describe('a token of another issuer', () => {
  let t: TestApp;
  const out = collector();
  let tokens: Awaited<ReturnType<typeof forgedTokens>>;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', LOG_LEVEL: 'info' }, { logOut: out });
    const org = await factories(t.app).org();
    tokens = await forgedTokens(t.app, org.owner.userId);
  });
  afterAll(() => t.close());

  it('is refused, and logged once with the expected and the received issuer', async () => {
    const foreign = tokens.forged['another issuer']!;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/user/current',
        headers: { authorization: `Bearer ${foreign}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().data.key).toBe('generic.sessionExpired');
    }
    const warnings = out.entries().filter((e) => String(e.msg).includes('access token refused'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      expectedIssuer: `${PUBLIC_URL}/oidc`,
      receivedIssuer: 'https://evil.example/oidc',
    });
    expect(JSON.stringify(warnings[0])).not.toContain(foreign.split('.')[2]!);
    expect(JSON.stringify(out.entries())).not.toContain(foreign);
  });

  it('leaves other refusals (an expired token, another key) out of the warnings', async () => {
    const before = out.entries().length;
    for (const name of ['expired', 'another key with the same kid'])
      await t.app.inject({
        method: 'GET',
        url: '/user/current',
        headers: { authorization: `Bearer ${tokens.forged[name]!}` },
      });
    expect(
      out
        .entries()
        .slice(before)
        .filter((e) => e.level === 40),
    ).toEqual([]);
  });
});
