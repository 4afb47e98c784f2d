import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { outboxSettled } from '../../testing/outbox.ts';
import { sentTo, startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { createTestApp, engines, PUBLIC_URL, signIn, type TestApp } from '../../testing/test-app.ts';
import { users } from './users.schema.ts';
import { accountTokens } from './account.schema.ts';
import de from './mail/de.json' with { type: 'json' };

/**
 * Waits for the relay to have received `n` messages to `address`, then for the outbox to hold nothing pending (so no
 * further mail can come), and answers them: exactly `n`.
 */
async function mailsTo(t: TestApp, relay: Relay, address: string, n: number) {
  await relay.mailsTo(address, n);
  await outboxSettled(t.app.platform.db);
  const to = relay.received.filter(sentTo(address));
  expect(to.length).toBe(n);
  return to;
}
const tokenIn = (text: string, page: string) => new RegExp(`${page}\\?token=([\\w-]+)`).exec(text)![1]!;

describe.each(engines)('registration, e-mail confirmation and password reset (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;

  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    (await t.app.inject({ method, url, payload: payload as object })).json();
  const person = { username: 'ada.l', email: 'Ada@Example.test', password: 'first_pw1', country: 'DE' };
  /** A person of this test's own (German, like `person`), registered and with the address confirmed. */
  const registered = async () => {
    const id = randomBytes(4).toString('hex');
    const p = { ...person, username: `ada.${id}`, email: `Ada.${id}@Example.test` };
    expect(await call('POST', '/user/register', { ...p, language: 'de' })).toMatchObject({ success: true });
    const [mail] = await mailsTo(t, relay, p.email, 1);
    const confirmed = await call('POST', '/user/email/confirm', {
      token: tokenIn(mail!.text!, 'confirmEmail'),
    });
    expect(confirmed).toMatchObject({ success: true, data: { emailConfirmed: '1' } });
    return p;
  };

  it('registers, mails a confirmation link in the chosen language, and confirms the address once', async () => {
    const answer = await call('POST', '/user/register', { ...person, language: 'de' });
    expect(answer).toMatchObject({ success: true, data: { username: 'ada.l', emailConfirmed: '2' } });
    // One mail to the address (the relay also hears the mails other tests of this file send, at their own pace).
    const [mail] = await mailsTo(t, relay, 'ada@example.test', 1);
    expect(mail!.to![0]!.address!.toLowerCase()).toBe('ada@example.test');
    expect(mail!.subject).toBe(de.confirmEmail.subject);
    expect(mail!.text).toContain('ada.l');
    expect(mail!.html).toContain(`${PUBLIC_URL}/v5/confirmEmail?token=`);
    // Only the token's hash is stored.
    const token = tokenIn(mail!.text!, 'confirmEmail');
    const stored = await t.app.platform.db.select().from(accountTokens);
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);

    const confirmed = await call('POST', '/user/email/confirm', { token });
    expect(confirmed).toMatchObject({ success: true, data: { username: 'ada.l', emailConfirmed: '1' } });
    const [row] = await t.app.platform.db.select().from(users).where(eq(users.username, 'ada.l'));
    expect(row).toMatchObject({ emailConfirmed: '1', language: 'de', country: 'DE' });
    expect(await call('POST', '/user/email/confirm', { token })).toMatchObject({
      errorCode: -1,
      data: { key: 'accountLink.invalid' },
    });
    expect(await call('POST', '/user/email/confirm', { token: 'nope' })).toMatchObject({ errorCode: -1 });
    // The new account signs in.
    await expect(signIn(t.app, 'ada.l', 'first_pw1')).resolves.toHaveProperty('authorization');
  });

  it("GET /user/confirmEmail?mail= mails a new confirmation link to the signed-in account's own address (§7.5, §8.1)", async () => {
    const id = randomBytes(4).toString('hex');
    const p = { ...person, username: `mia.${id}`, email: `Mia.${id}@Example.test` };
    expect(await call('POST', '/user/register', { ...p, language: 'de' })).toMatchObject({ success: true });
    await mailsTo(t, relay, p.email, 1);
    const me = await signIn(t.app, p.username, p.password);
    const ask = async (mail: string, headers: Record<string, string> = me) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/user/confirmEmail?mail=${encodeURIComponent(mail)}`,
          headers,
        })
      ).json();
    // Signed in only; another address, or no address at all, is §8.3 "E-mail" -1; nothing is mailed.
    expect(
      (await t.app.inject({ method: 'GET', url: `/user/confirmEmail?mail=${p.email}` })).statusCode,
    ).toBe(401);
    expect(await ask(`other.${id}@example.test`)).toMatchObject({
      success: false,
      errorCode: -1,
      data: { key: 'profileEmail.invalid' },
    });
    expect(await ask('not-an-address')).toMatchObject({ success: false, errorCode: -1 });
    // The account's own address (in any case): a new link in the account's language; the older one stops working.
    expect(await ask(p.email.toLowerCase())).toMatchObject({
      success: true,
      data: { sent: true, email: p.email, emailConfirmed: '2' },
    });
    const [first, second] = await mailsTo(t, relay, p.email, 2);
    expect(second!.subject).toBe(de.confirmEmail.subject);
    expect(
      await call('POST', '/user/email/confirm', { token: tokenIn(first!.text!, 'confirmEmail') }),
    ).toMatchObject({ success: false, errorCode: -1 });
    expect(
      await call('POST', '/user/email/confirm', { token: tokenIn(second!.text!, 'confirmEmail') }),
    ).toMatchObject({ success: true, data: { emailConfirmed: '1' } });
    // Confirmed: answered, and nothing more is mailed.
    expect(await ask(p.email)).toMatchObject({ success: true, data: { sent: false, emailConfirmed: '1' } });
    expect((await mailsTo(t, relay, p.email, 2)).length).toBe(2);

    // At most 5 confirmation mails an hour (the registration's counts): the sixth is -4.
    const q = { ...person, username: `max.${id}`, email: `Max.${id}@Example.test` };
    expect(await call('POST', '/user/register', q)).toMatchObject({ success: true });
    const him = await signIn(t.app, q.username, q.password);
    for (let i = 0; i < 4; i++) expect(await ask(q.email, him)).toMatchObject({ success: true });
    expect(await ask(q.email, him)).toMatchObject({ success: false, errorCode: -4 });
  });

  it('refuses a taken username or address (any case) and names outside the rules; nothing is mailed', async () => {
    const taken = await registered();
    const before = relay.received.length;
    const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
    expect(
      await call('POST', '/user/register', {
        ...taken,
        username: taken.username.toUpperCase(),
        email: 'x@example.test',
      }),
    ).toMatchObject(refused(-1, 'register.usernameTaken'));
    expect(
      await call('POST', '/user/register', {
        ...taken,
        username: 'other',
        email: taken.email.toLowerCase().replace('example.test', 'example.TEST'),
      }),
    ).toMatchObject(refused(-2, 'register.emailTaken'));
    for (const bad of [
      { username: 'a' },
      { username: 'has space' },
      { email: 'not-an-address' },
      { password: 'short' },
      { password: 'no-dashes-here' },
      { country: '' },
    ])
      expect(
        await call('POST', '/user/register', {
          ...taken,
          username: 'fresh',
          email: 'f@example.test',
          ...bad,
        }),
      ).toMatchObject(refused(-3, 'register.invalid'));
    // Refused in the request: nothing was queued, so nothing is pending and nothing more reaches the relay.
    await outboxSettled(t.app.platform.db);
    expect(relay.received.length).toBe(before);
  });

  it('mails a single-use reset link; an unknown address gets the same answer and no mail', async () => {
    const p = await registered();
    const before = relay.received.length;
    expect(await call('POST', '/user/password/forgot', { email: 'nobody@example.test' })).toEqual(
      await call('POST', '/user/password/forgot', { email: p.email.toUpperCase() }),
    );
    // The confirmation, then the reset link.
    const mail = (await mailsTo(t, relay, p.email, 2)).at(-1)!;
    expect(relay.received.length).toBe(before + 1);
    expect(mail.to![0]!.address!.toLowerCase()).toBe(p.email.toLowerCase());
    expect(mail.subject).toBe(de.resetPassword.subject); // the account's language
    const token = tokenIn(mail.text!, 'resetPassword');

    expect(await call('POST', '/user/password/reset', { token, password: 'bad pw' })).toMatchObject({
      errorCode: -2,
      data: { key: 'accountLink.parameter' },
    });
    expect(await call('POST', '/user/password/reset', { token, password: 'second_pw2' })).toMatchObject({
      success: true,
    });
    await expect(signIn(t.app, p.username, 'second_pw2')).resolves.toHaveProperty('authorization');
    await expect(signIn(t.app, p.username, 'first_pw1')).rejects.toThrow();
    expect(await call('POST', '/user/password/reset', { token, password: 'third_pw3' })).toMatchObject({
      errorCode: -1,
      data: { key: 'accountLink.invalid' },
    });
  });

  it('an expired link does nothing; at most three reset mails an hour go to one person', async () => {
    const p = await registered();
    const before = relay.received.length;
    await call('POST', '/user/password/forgot', { email: p.email.toLowerCase() });
    const token = tokenIn((await mailsTo(t, relay, p.email, 2)).at(-1)!.text!, 'resetPassword');
    const [account] = await t.app.platform.db.select().from(users).where(eq(users.username, p.username));
    await t.app.platform.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.purpose, 'resetPassword'), eq(accountTokens.userId, account!.id)));
    expect(await call('POST', '/user/password/reset', { token, password: 'third_pw3' })).toMatchObject({
      errorCode: -1,
    });
    // One reset mail this hour so far: two more, then none.
    for (let i = 0; i < 3; i++) await call('POST', '/user/password/forgot', { email: p.email.toLowerCase() });
    // Exactly four to the person once the outbox is settled: the confirmation and three reset mails.
    await mailsTo(t, relay, p.email, 4);
    expect(relay.received.length).toBe(before + 3);
  });
});
