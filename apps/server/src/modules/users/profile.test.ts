import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/identity/passwords.ts';
import { oidcPayloads } from '../../platform/identity/identity.schema.ts';
import { mailOutbox } from '../../platform/mail/mail.schema.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { inThePast } from '../../testing/clock.ts';
import { startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { formData, sample, type FormFile } from '../../testing/multipart.ts';
import { createTestApp, engines, PUBLIC_URL, signIn, type TestApp } from '../../testing/test-app.ts';
import { accountTokens } from '../account/account.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { attachments } from '../attachments/attachments.schema.ts';
import { users } from '../account/users.schema.ts';
import { deviceUsers } from '../devices/devices.schema.ts';

const PASSWORD = 'first_pw1';
const refused = (code: number, key: string) => ({ success: false, errorCode: code, data: { key } });
/**
 * A token's `iat` has whole seconds and one from the very second the sessions were ended is kept: the tokens that
 * must be refused afterwards are issued this many seconds back (`inThePast`).
 */
const EARLIER_S = 3;

describe.each(engines)('personal centre (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;
  let f: Factories;

  // PASSWORD hashed once (scrypt is slow); every person gets a copy of the hash.
  let passwordHash: string;
  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
    f = factories(t.app);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await relay.close();
  });

  /** A member of `org` (a new organization when not given) whose password is PASSWORD. */
  async function person(org?: OrgRef): Promise<PersonRef> {
    const p = await f.user(org ?? (await f.org()));
    await t.app.platform.db.update(users).set({ passwordHash }).where(eq(users.id, p.userId));
    return p;
  }
  const row = async (id: string) =>
    (await t.app.platform.db.select().from(users).where(eq(users.id, id)))[0]!;
  const audited = async (userId: string, action: string) =>
    (
      await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, action)))
    ).length;
  const withToken = (authorization: string) => (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { authorization }, payload: payload as object | undefined });

  it('edits the username and the address fields; a taken or malformed username is refused', async () => {
    const me = await person();
    const other = await person();
    const name = `n${me.userId.slice(0, 8)}`;
    const { body } = await me.call('PUT', '/api2/user/profile', {
      username: name,
      country: 'DE',
      city: 'Berlin',
      street: 'Unter den Linden 1',
    });
    expect(body).toMatchObject({
      success: true,
      data: { username: name, country: 'DE', city: 'Berlin', street: 'Unter den Linden 1' },
    });
    expect((await me.call('GET', '/api2/user')).body.data).toMatchObject({ username: name, city: 'Berlin' });
    expect(await audited(me.userId, 'user.profile')).toBe(1);
    // An empty string clears an address field.
    expect((await me.call('PUT', '/api2/user/profile', { city: '' })).body.data.city).toBeNull();
    // The person's own name (the home greets by it): theirs only, cleared by an empty string, 60 characters at most.
    expect((await me.call('GET', '/api2/user')).body.data.name).toBeNull();
    const named = await me.call('PUT', '/api2/user/profile', { name: '  Clara Winter ' });
    expect(named.body.data).toMatchObject({ name: 'Clara Winter', username: name });
    expect((await me.call('GET', '/api2/user')).body.data.name).toBe('Clara Winter');
    expect((await other.call('GET', '/api2/user')).body.data.name).toBeNull();
    expect((await me.call('PUT', '/api2/user/profile', { name: 'x'.repeat(61) })).body).toMatchObject(
      refused(-4, 'profileUsername.invalid'),
    );
    expect((await me.call('PUT', '/api2/user/profile', { name: '' })).body.data.name).toBeNull();

    expect(
      (await me.call('PUT', '/api2/user/profile', { username: other.username.toUpperCase() })).body,
    ).toMatchObject(refused(-1, 'profileUsername.exists'));
    for (const username of ['a', 'has space', 'x'.repeat(17), 'emoji😀'])
      expect((await me.call('PUT', '/api2/user/profile', { username })).body).toMatchObject(
        refused(-4, 'profileUsername.invalid'),
      );
    expect((await me.call('PUT', '/api2/user/profile', { unknown: 1 })).body).toMatchObject(
      refused(-4, 'profileUsername.invalid'),
    );
    expect((await row(me.userId)).username).toBe(name);
    // The new username signs in.
    await expect(signIn(t.app, name, PASSWORD)).resolves.toHaveProperty('authorization');
  });

  it('takes a jpg, png or gif avatar by content, at most 2 MB, and deletes the previous one', async () => {
    const me = await person();
    const upload = async (file?: FormFile) => {
      const form = formData({}, file);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api2/user/avatar',
        headers: { ...me.headers, ...form.headers },
        payload: form.payload,
      });
      return res.json();
    };
    const first = await upload({ field: 'avatar', name: 'me.png', bytes: sample.png() });
    expect(first).toMatchObject({
      success: true,
      data: { avatar: expect.stringMatching(/^\/attachment\//) },
    });
    expect((await row(me.userId)).avatar).toBe(first.data.avatar);
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: me.headers });
    expect((await read(first.data.avatar)).statusCode).toBe(200);

    const second = await upload({ field: 'avatar', name: 'me.gif', bytes: sample.gif() });
    expect(second.success).toBe(true);
    expect((await me.call('GET', '/api2/user')).body.data.avatar).toBe(second.data.avatar);
    expect((await read(first.data.avatar)).json()).toMatchObject({ data: { key: 'generic.objectNotFound' } });
    expect(await audited(me.userId, 'user.avatar')).toBe(2);

    expect(await upload({ field: 'avatar', name: 'fake.png', bytes: sample.text() })).toMatchObject(
      refused(-1, 'profileAvatar.invalid'),
    );
    expect(await upload({ field: 'avatar', name: 'doc.png', bytes: sample.pdf() })).toMatchObject(
      refused(-2, 'profileAvatar.format'),
    );
    expect(
      await upload({ field: 'avatar', name: 'big.png', bytes: sample.png(3 * 1024 * 1024) }),
    ).toMatchObject(refused(-4, 'profileAvatar.tooLarge'));
    expect(await upload({ field: 'other', name: 'me.png', bytes: sample.png() })).toMatchObject(
      refused(-1, 'profileAvatar.invalid'),
    );
    expect(await upload()).toMatchObject(refused(-1, 'profileAvatar.invalid'));
    // Nothing refused was kept: the avatar is still the second one and only it is stored.
    expect((await row(me.userId)).avatar).toBe(second.data.avatar);
    const kept = await t.app.platform.db.select().from(attachments).where(eq(attachments.userId, me.userId));
    expect(kept.map((a) => `/attachment/${a.id}`)).toEqual([second.data.avatar]);
  });

  it('changes the e-mail address only when the link mailed to the NEW address is followed', async () => {
    const me = await person();
    const other = await person();
    const fresh = `new.${me.userId.slice(0, 8)}@example.test`;
    expect((await me.call('POST', '/api2/user/email', { email: fresh })).body).toMatchObject({
      success: true,
      data: { sent: true, email: fresh },
    });
    const mail = (await relay.mailsTo(fresh, 1))[0]!;
    expect(mail.to![0]!.address).toBe(fresh);
    expect(mail.text).toContain(fresh);
    const token = /confirmEmail\?token=([\w-]+)/.exec(mail.text!)![1]!;
    expect(mail.html).toContain(`${PUBLIC_URL}/v5/confirmEmail?token=`);
    // Not changed yet.
    expect((await row(me.userId)).email).toBe(`${me.username}@factory.test`);

    const confirmed = (
      await t.app.inject({ method: 'POST', url: '/user/email/confirm', payload: { token } })
    ).json();
    expect(confirmed).toMatchObject({ success: true, data: { email: fresh, emailConfirmed: '1' } });
    expect(await row(me.userId)).toMatchObject({ email: fresh, emailConfirmed: '1' });
    expect(await audited(me.userId, 'user.changeEmail')).toBe(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/email/confirm', payload: { token } })).json(),
    ).toMatchObject(refused(-1, 'accountLink.invalid'));

    expect(
      (await me.call('POST', '/api2/user/email', { email: `${other.username}@FACTORY.test` })).body,
    ).toMatchObject(refused(-2, 'profileEmail.registered'));
    expect((await me.call('POST', '/api2/user/email', { email: fresh })).body).toMatchObject(
      refused(-2, 'profileEmail.registered'),
    );
    for (const email of ['not-an-address', '', 'a@b@c'])
      expect((await me.call('POST', '/api2/user/email', { email })).body).toMatchObject(
        refused(-1, 'profileEmail.invalid'),
      );
  });

  it('a newer e-mail change replaces the older link; at most five links an hour', async () => {
    const me = await person();
    const sent = async (email: string) => {
      expect((await me.call('POST', '/api2/user/email', { email })).body.success).toBe(true);
      const [mail] = await relay.mailsTo(email, 1);
      return /confirmEmail\?token=([\w-]+)/.exec(mail!.text!)![1]!;
    };
    const first = await sent(`one.${me.userId.slice(0, 8)}@example.test`);
    const second = await sent(`two.${me.userId.slice(0, 8)}@example.test`);
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/email/confirm', payload: { token: first } })).json(),
    ).toMatchObject(refused(-1, 'accountLink.invalid'));
    for (const n of [3, 4, 5]) await sent(`n${n}.${me.userId.slice(0, 8)}@example.test`);
    expect(
      (await me.call('POST', '/api2/user/email', { email: `six.${me.userId.slice(0, 8)}@example.test` }))
        .body,
    ).toMatchObject(refused(-4, 'profileEmail.tooMany'));
    // The second link was replaced by the later ones too.
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/email/confirm', payload: { token: second } })).json(),
    ).toMatchObject(refused(-1, 'accountLink.invalid'));
  });

  it('caps wrong current passwords: after ten in an hour even the right one is refused', async () => {
    const me = await person();
    const body = (oldPassword: string) => ({
      oldPassword,
      password: 'other_pw2',
      confirmPassword: 'other_pw2',
    });
    for (let i = 0; i < 10; i++)
      expect((await me.call('POST', '/api2/user/password', body('wrong_pw'))).body).toMatchObject(
        refused(-1, 'profilePassword.invalidUser'),
      );
    expect((await me.call('POST', '/api2/user/password', body(PASSWORD))).body).toMatchObject(
      refused(429, 'generic.tooManyAttempts'),
    );
    expect((await me.call('POST', '/api2/user/delete', { password: PASSWORD })).body).toMatchObject(
      refused(429, 'generic.tooManyAttempts'),
    );
    expect((await row(me.userId)).disabled).toBe(false);
  });

  it('a link for an address another account took meanwhile changes nothing', async () => {
    const me = await person();
    const other = await person();
    const wanted = `race.${me.userId.slice(0, 8)}@example.test`;
    await me.call('POST', '/api2/user/email', { email: wanted });
    const [mail] = await relay.mailsTo(wanted, 1);
    const token = /confirmEmail\?token=([\w-]+)/.exec(mail!.text!)![1]!;
    await t.app.platform.db.update(users).set({ email: wanted }).where(eq(users.id, other.userId));
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/email/confirm', payload: { token } })).json(),
    ).toMatchObject(refused(-1, 'accountLink.invalid'));
    expect((await row(me.userId)).email).toBe(`${me.username}@factory.test`);
  });

  it('changes the password with the current one; every older session ends, the new sign-in works', async () => {
    // The factory's token and a sign-in, both from before the change.
    const { me, old } = await inThePast(EARLIER_S, async () => {
      const me = await person();
      return { me, old: await signIn(t.app, me.username, PASSWORD) };
    });
    const oldCall = withToken(old.authorization);
    expect((await oldCall('GET', '/api2/user')).statusCode).toBe(200);
    // An OpenID session and refresh token of the account, and of someone else.
    const other = await person();
    await t.app.platform.db.insert(oidcPayloads).values([
      { kind: 'Session', id: `s-${me.userId}`, payload: { accountId: me.userId } },
      { kind: 'RefreshToken', id: `r-${me.userId}`, payload: { accountId: me.userId }, grantId: 'g1' },
      { kind: 'Session', id: `s-${other.userId}`, payload: { accountId: other.userId } },
    ]);

    const change = (body: object) => oldCall('POST', '/api2/user/password', body).then((r) => r.json());
    expect(
      await change({ oldPassword: 'wrong_pw', password: 'second_pw2', confirmPassword: 'second_pw2' }),
    ).toMatchObject(refused(-1, 'profilePassword.invalidUser'));
    expect(
      await change({ oldPassword: PASSWORD, password: 'second_pw2', confirmPassword: 'second_pw3' }),
    ).toMatchObject(refused(-2, 'profilePassword.differ'));
    for (const password of ['short', 'x'.repeat(17), 'has-dash1', 'spa ce12'])
      expect(await change({ oldPassword: PASSWORD, password, confirmPassword: password })).toMatchObject(
        refused(-4, 'profilePassword.rules'),
      );
    expect(await change({ password: 'second_pw2', confirmPassword: 'second_pw2' })).toMatchObject(
      refused(-4, 'profilePassword.rules'),
    );

    expect(
      await change({ oldPassword: PASSWORD, password: 'second_pw2', confirmPassword: 'second_pw2' }),
    ).toMatchObject({
      success: true,
      data: { signInAgain: true },
    });
    // The token from before is refused; the factory's token too.
    expect((await oldCall('GET', '/api2/user')).statusCode).toBe(401);
    expect((await me.call('GET', '/api2/user')).status).toBe(401);
    const left = await t.app.platform.db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left.map((r) => r.id)).not.toContain(`s-${me.userId}`);
    expect(left.map((r) => r.id)).not.toContain(`r-${me.userId}`);
    expect(left.map((r) => r.id)).toContain(`s-${other.userId}`);
    // The old password no longer signs in; the new one does, and its token works.
    await expect(signIn(t.app, me.username, PASSWORD)).rejects.toThrow();
    const fresh = await signIn(t.app, me.username, 'second_pw2');
    expect((await withToken(fresh.authorization)('GET', '/api2/user')).json()).toMatchObject({
      success: true,
      data: { userId: me.userId },
    });
    expect(await audited(me.userId, 'user.changePassword')).toBe(1);
    // Someone else's session is untouched.
    expect((await other.call('GET', '/api2/user')).status).toBe(200);
  });

  it('a password reset ends every session the same way', async () => {
    const me = await person();
    await t.app.platform.db
      .update(users)
      .set({ email: `reset.${me.userId.slice(0, 8)}@example.test` })
      .where(eq(users.id, me.userId));
    // A session from before the reset.
    const old = await inThePast(EARLIER_S, () => signIn(t.app, me.username, PASSWORD));
    await t.app.inject({
      method: 'POST',
      url: '/user/password/forgot',
      payload: { email: `reset.${me.userId.slice(0, 8)}@example.test` },
    });
    const [mail] = await relay.mailsTo(`reset.${me.userId.slice(0, 8)}@example.test`, 1);
    const token = /resetPassword\?token=([\w-]+)/.exec(mail!.text!)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/password/reset',
      payload: { token, password: 'after_reset1' },
    });
    expect(reset.json()).toMatchObject({ success: true });
    expect((await withToken(old.authorization)('GET', '/api2/user')).statusCode).toBe(401);
    const fresh = await signIn(t.app, me.username, 'after_reset1');
    expect((await withToken(fresh.authorization)('GET', '/api2/user')).statusCode).toBe(200);
  });

  describe('phone', () => {
    const outboxCode = async (phone: string) => {
      const [msg] = await t.app.platform.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.channel, 'sms'), eq(mailOutbox.recipient, phone)))
        .orderBy(sql`${mailOutbox.createdAt} desc`)
        .limit(1);
      return /\b(\d{6})\b/.exec(msg!.text)![1]!;
    };
    /** Moves the user's codes back in time, as if the 60 s countdown had run out. */
    const countdownOver = (userId: string) =>
      t.app.platform.db
        .update(accountTokens)
        .set({ createdAt: sql`${accountTokens.createdAt} - interval '61 seconds'` })
        .where(eq(accountTokens.userId, userId));

    it('sends a six-digit code by text message and changes the number with it', async () => {
      const me = await person();
      const phone = `+49 170 ${me.userId.replace(/\D/g, '').slice(0, 7).padEnd(7, '1')}`;
      const stored = phone.replace(/\s/g, '');
      expect((await me.call('POST', '/api2/user/phone/code', { phone })).body).toMatchObject({
        success: true,
        data: { resendAfter: 60, expiresIn: 600 },
      });
      const code = await outboxCode(stored);
      // Only the code's hash is stored.
      const tokens = await t.app.platform.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, me.userId));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]).toMatchObject({ purpose: 'changePhone', phone: stored });
      expect(tokens[0]!.tokenHash).not.toContain(code);

      // Re-sending before the countdown is over is refused.
      expect((await me.call('POST', '/api2/user/phone/code', { phone })).body).toMatchObject(
        refused(-6, 'profilePhone.tooSoon'),
      );
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await me.call('PUT', '/api2/user/phone', { phone, code: wrong })).body).toMatchObject(
        refused(-5, 'profilePhone.wrongCode'),
      );
      expect((await me.call('PUT', '/api2/user/phone', { phone, code: '' })).body).toMatchObject(
        refused(-5, 'profilePhone.wrongCode'),
      );
      expect((await me.call('PUT', '/api2/user/phone', { phone: '', code })).body).toMatchObject(
        refused(-1, 'profilePhone.invalid'),
      );
      // The code belongs to the number it was sent to.
      expect(
        (await me.call('PUT', '/api2/user/phone', { phone: '+49 170 9999999', code })).body,
      ).toMatchObject(refused(-5, 'profilePhone.wrongCode'));

      const { body } = await me.call('PUT', '/api2/user/phone', { phone, code });
      expect(body).toMatchObject({ success: true, data: { phone: stored, phoneConfirmed: '1' } });
      expect(await audited(me.userId, 'user.changePhone')).toBe(1);
      // A code works once.
      expect((await me.call('PUT', '/api2/user/phone', { phone, code })).body).toMatchObject(
        refused(-5, 'profilePhone.wrongCode'),
      );

      // Someone else cannot take the number.
      const other = await person();
      expect((await other.call('POST', '/api2/user/phone/code', { phone: stored })).body).toMatchObject(
        refused(-2, 'profilePhone.registered'),
      );

      // Removing it.
      expect((await me.call('DELETE', '/api2/user/phone/remove')).body).toMatchObject({
        success: true,
        data: { phone: null, phoneConfirmed: '2' },
      });
      expect(await audited(me.userId, 'user.removePhone')).toBe(1);
    });

    it('audits every wrong code guessed, with the try and the address', async () => {
      const me = await person();
      const phone = `+1 555 ${me.userId.replace(/\D/g, '').slice(0, 6).padEnd(6, '3')}`;
      await me.call('POST', '/api2/user/phone/code', { phone });
      const code = await outboxCode(phone.replace(/\s/g, ''));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 5; i++) await me.call('PUT', '/api2/user/phone', { phone, code: wrong });
      // Spent: the right code is now a wrong guess too.
      await me.call('PUT', '/api2/user/phone', { phone, code });
      const rows = await t.app.platform.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, me.userId), eq(auditLog.action, 'user.changePhone.wrongCode')))
        .orderBy(auditLog.id);
      expect(rows.map((r) => [r.outcome, (r.detail as { key: string }).key])).toEqual([
        ...Array.from({ length: 4 }, () => ['refused', 'profilePhone.wrongCode']),
        ['refused', 'profilePhone.tooManyTries'],
        ['refused', 'profilePhone.wrongCode'],
      ]);
      expect(rows.slice(0, 5).map((r) => (r.detail as { tries: number }).tries)).toEqual([1, 2, 3, 4, 5]);
      expect(rows[0]).toMatchObject({ objectType: 'user', objectId: me.userId, ip: '127.0.0.1' });
      expect(JSON.stringify(rows)).not.toContain(code);
    });

    it('refuses malformed numbers, and spends a code after five wrong tries', async () => {
      const me = await person();
      for (const phone of ['', 'abc', '12', '+49 170 12a4567', '1'.repeat(25)])
        expect((await me.call('POST', '/api2/user/phone/code', { phone })).body).toMatchObject(
          refused(-1, 'profilePhone.invalid'),
        );
      const phone = `+1 555 ${me.userId.replace(/\D/g, '').slice(0, 6).padEnd(6, '2')}`;
      await me.call('POST', '/api2/user/phone/code', { phone });
      const code = await outboxCode(phone.replace(/\s/g, ''));
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++)
        expect((await me.call('PUT', '/api2/user/phone', { phone, code: wrong })).body).toMatchObject(
          refused(-5, 'profilePhone.wrongCode'),
        );
      expect((await me.call('PUT', '/api2/user/phone', { phone, code: wrong })).body).toMatchObject(
        refused(-7, 'profilePhone.tooManyTries'),
      );
      // Spent: even the right code no longer works.
      expect((await me.call('PUT', '/api2/user/phone', { phone, code })).body).toMatchObject(
        refused(-5, 'profilePhone.wrongCode'),
      );
      // After the countdown, a new code works.
      await countdownOver(me.userId);
      expect((await me.call('POST', '/api2/user/phone/code', { phone })).body.success).toBe(true);
      const again = await outboxCode(phone.replace(/\s/g, ''));
      expect((await me.call('PUT', '/api2/user/phone', { phone, code: again })).body).toMatchObject({
        success: true,
        data: { phoneConfirmed: '1' },
      });
    });
  });

  it('unbinds the chat-app login only when one is bound', async () => {
    const me = await person();
    expect((await me.call('DELETE', '/api2/user/wx')).body).toMatchObject(
      refused(-1, 'profileThirdParty.notBound'),
    );
    await t.app.platform.db.update(users).set({ wxId: 'wx-123' }).where(eq(users.id, me.userId));
    expect((await me.call('GET', '/api2/user')).body.data.wxId).toBe('wx-123');
    expect((await me.call('DELETE', '/api2/user/wx')).body).toMatchObject({
      success: true,
      data: { wxId: null },
    });
    expect(await audited(me.userId, 'user.unbindChatApp')).toBe(1);
  });

  it('deletes the account with the password: anonymized, disabled, signed out; the organization stays', async () => {
    const org = await f.org();
    const me = await person(org);
    const colleague = await person(org);
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, me.userId), eq(memberships.custId, org.custId)));
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'member' })
      .where(and(eq(memberships.userId, org.owner.userId), eq(memberships.custId, org.custId)));

    expect((await me.call('POST', '/api2/user/delete', { password: 'wrong_pw' })).body).toMatchObject(
      refused(-1, 'profileDelete.wrongPassword'),
    );
    expect((await me.call('POST', '/api2/user/delete', {})).body).toMatchObject(
      refused(-1, 'profileDelete.wrongPassword'),
    );
    // The last administrator of an organization with other members.
    expect((await me.call('POST', '/api2/user/delete', { password: PASSWORD })).body).toMatchObject(
      refused(-2, 'profileDelete.lastOwner'),
    );
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, colleague.userId), eq(memberships.custId, org.custId)));

    // A device-user window the organization gave the person ends with the memberships.
    await f.deviceUser(await f.device(org), me);

    expect((await me.call('POST', '/api2/user/delete', { password: PASSWORD })).body).toMatchObject({
      success: true,
      data: { deleted: true },
    });
    expect((await me.call('GET', '/api2/user')).status).toBe(401);
    await expect(signIn(t.app, me.username, PASSWORD)).rejects.toThrow();
    const gone = await row(me.userId);
    expect(gone).toMatchObject({
      username: `deleted-${me.userId}`,
      email: null,
      phone: null,
      disabled: true,
    });
    expect(gone.deletedAt).toBeInstanceOf(Date);
    const left = await t.app.platform.db.select().from(memberships).where(eq(memberships.userId, me.userId));
    expect(left).toHaveLength(0);
    const windows = await t.app.platform.db
      .select()
      .from(deviceUsers)
      .where(eq(deviceUsers.userId, me.userId));
    expect(windows).toHaveLength(0);
    const [cust] = await t.app.platform.db.select().from(customers).where(eq(customers.id, org.custId));
    expect(cust).toBeDefined();
    expect((await colleague.call('GET', '/api2/user')).status).toBe(200);
    expect(await audited(me.userId, 'user.delete')).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, url] of [
      ['PUT', '/api2/user/profile'],
      ['POST', '/api2/user/avatar'],
      ['POST', '/api2/user/email'],
      ['POST', '/api2/user/password'],
      ['POST', '/api2/user/phone/code'],
      ['PUT', '/api2/user/phone'],
      ['DELETE', '/api2/user/phone/remove'],
      ['DELETE', '/api2/user/wx'],
      ['POST', '/api2/user/delete'],
    ] as const)
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
  });
});
