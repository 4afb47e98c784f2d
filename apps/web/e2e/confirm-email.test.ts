import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import { users } from '../../server/src/modules/account/users.schema.ts';
import { startJourney, type Journey } from './server.ts';
import { openAs } from './support/page.ts';
import { people } from './support/people.ts';

/**
 * The start-up e-mail confirmation check (calls-and-errors §8.1) with its call `GET /user/confirmEmail?mail=` (§7.5,
 * issue 23 fidelity 2): "Verify now" mails a confirmation link to the person's address; the link (read from the
 * outbox: the embedded default keeps mail there) opens /confirmEmail, which confirms the address.
 */
describe('the start-up verify dialog sends the confirmation mail', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('verify now → a link in the outbox → the address is confirmed', { timeout: 120_000 }, async () => {
    const p = people(journey.app);
    const newbie = await p.person(null, { confirmed: false });
    const [{ email }] = (await journey.app.platform.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, newbie.userId))) as [{ email: string }];
    await openAs(page, base, newbie);

    await page.locator('.ant-modal').filter({ hasText: 'Confirm your phone or e-mail' }).waitFor();
    await page.getByTestId('startup-verify-ok').click();
    await journey.toast(`A confirmation link was sent to ${email}.`);

    const [mail] = await journey.app.platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.state, 'outbox')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const link = /https?:\/\/\S+\/v5\/confirmEmail\?token=[\w-]+/.exec(mail!.text)![0];
    await page.goto(link);
    await page.getByTestId('confirm-done').waitFor();
    const [row] = await journey.app.platform.db
      .select({ emailConfirmed: users.emailConfirmed })
      .from(users)
      .where(eq(users.id, newbie.userId));
    expect(row!.emailConfirmed).toBe('1');
    expect(journey.pageErrors).toEqual([]);
  });
});
