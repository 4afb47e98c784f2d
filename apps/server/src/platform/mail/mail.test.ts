import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startRelay } from '../../testing/smtp-relay.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { createMailer, type MailerOptions } from './mail.ts';
import { mailOutbox } from './mail.schema.ts';

describe.each(engines)('mail (%s)', (engine) => {
  let t: TestApp;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  const mailers: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    relay = await startRelay();
  });
  afterAll(async () => {
    for (const m of mailers) await m.stop();
    await relay.close();
    await t.close();
  });
  beforeEach(() => {
    relay.received.length = 0;
  });

  const mailer = (over: Partial<MailerOptions> = {}) => {
    const m = createMailer({
      db: t.app.platform.db,
      log: t.app.log,
      smtpUrl: relay.url,
      from: 'Archway <no-reply@archway.test>',
      retryBaseMs: 0,
      pollMs: 3600_000,
      ...over,
    });
    mailers.push(m);
    return m;
  };
  const rowOf = async (id: string) =>
    (await t.app.platform.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it('delivers an e-mail through the relay, text and HTML, with its Message-ID', async () => {
    const m = mailer();
    const id = await m.send(t.app.platform.db, {
      to: 'ada@example.test',
      subject: 'Bestätigen Sie Ihre E-Mail',
      text: 'Hallo Ada',
      html: '<p>Hallo <b>Ada</b></p>',
    });
    expect((await rowOf(id)).state).toBe('pending');
    expect(await m.deliverDue()).toBe(1);
    expect(relay.received).toHaveLength(1);
    const [mail] = relay.received;
    expect(mail).toMatchObject({ subject: 'Bestätigen Sie Ihre E-Mail', text: 'Hallo Ada\n' });
    expect(mail!.to![0]!.address).toBe('ada@example.test');
    expect(mail!.from!.address).toBe('no-reply@archway.test');
    expect(mail!.html).toContain('<b>Ada</b>');
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(mail!.messageId).toBe(row.messageId);
    expect(await m.deliverDue()).toBe(0); // nothing twice
  });

  it('a relay that refuses twice, then accepts, delivers exactly once', async () => {
    const m = mailer();
    relay.refuse(451, 451);
    const id = await m.send(t.app.platform.db, { to: 'bob@example.test', subject: 'Reset', text: 'Code 1' });
    expect(await m.deliverDue()).toBe(1);
    expect(await m.deliverDue()).toBe(0);
    expect(relay.received.map((r) => r.subject)).toEqual(['Reset']);
    expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('waits out the back-off before trying again, and gives up on a permanent refusal', async () => {
    const slow = mailer({ retryBaseMs: 3600_000 });
    relay.refuse(451);
    const later = await slow.send(t.app.platform.db, { to: 'c@example.test', subject: 'Later', text: 'x' });
    expect(await slow.deliverDue()).toBe(0);
    const row = await rowOf(later);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);

    relay.refuse(550);
    const never = await slow.send(t.app.platform.db, {
      to: 'nobody@example.test',
      subject: 'Never',
      text: 'x',
    });
    await slow.deliverDue();
    expect(await rowOf(never)).toMatchObject({ state: 'failed', attempts: 1 });
    expect(relay.received).toEqual([]);
  });

  it('keeps a message when the relay is down: pending, retried later, nothing lost', async () => {
    const down = mailer({ smtpUrl: 'smtp://127.0.0.1:1', retryBaseMs: 3600_000 });
    const id = await down.send(t.app.platform.db, { to: 'd@example.test', subject: 'Down', text: 'x' });
    expect(await down.deliverDue()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.any(String) });
  });

  it('two processes deliver a batch between them, each message once', async () => {
    const a = mailer();
    const b = mailer();
    for (let i = 0; i < 6; i++)
      await a.send(t.app.platform.db, { to: `p${i}@example.test`, subject: `Batch ${i}`, text: 'x' });
    const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentA + sentB).toBe(6);
    expect(relay.received.map((r) => r.subject).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Batch ${i}`));
  });

  it('without SMTP_URL, e-mails and text messages stay in the outbox for the administrator', async () => {
    const embedded = mailer({ smtpUrl: undefined });
    expect(embedded.relays).toBe(false);
    const mail = await embedded.send(t.app.platform.db, { to: 'e@example.test', subject: 'Hi', text: 'x' });
    const code = await embedded.sendText(t.app.platform.db, '+4930555', 'Your code is 123456');
    expect(await embedded.deliverDue()).toBe(0);
    expect(await rowOf(mail)).toMatchObject({ state: 'outbox', channel: 'email' });
    expect(await rowOf(code)).toMatchObject({ state: 'outbox', channel: 'sms', text: 'Your code is 123456' });
    expect(relay.received).toEqual([]);
  });
});
