import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import { customers } from '../../server/src/modules/orgs/orgs.schema.ts';
import { signInAs, startJourney, type Journey } from './server.ts';

/**
 * Issue 9 end to end, one person's way into a working network: a newcomer registers and confirms the e-mail from the
 * outbox, creates a lab with a business licence, the platform administrator verifies it, the lab invites a second
 * person who joins from the mailed link, and the lab's privacy switch changes what a clinic's receiver search shows.
 */
const LAB = 'Solbakken Dental Lab';
const LAB_EMAIL = 'post@solbakken.test';

describe('joining the network, end to end, in Chromium', () => {
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

  /** The link in the newest mail to `to` that leads to `/v5/<page>?token=…`, on this server. */
  const mailedLink = async (to: string, target: string) => {
    const [mail] = await journey.app.platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.state, 'outbox')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail).toBeDefined();
    const link = new RegExp(`https?://[^\\s]+/v5/${target}\\?token=[\\w-]+`).exec(mail!.text)![0]!;
    return link.replace(/^https?:\/\/[^/]+/, base);
  };
  const signOut = async () => {
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
  };
  const drawer = () => page.locator('.settings-drawer');
  const checked = (testId: string) =>
    drawer()
      .getByTestId(testId)
      .getAttribute('aria-checked')
      .then((v) => v === 'true');
  /** A call with the page's token. */
  const api = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([m, p, b]) => {
        const res = await fetch(p, {
          method: m,
          headers: {
            Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
            ...(b === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return (await res.json()) as { success: boolean; data: unknown };
      },
      [method, path, body] as const,
    );
  /** What Demo Clinic's receiver search shows of the lab (the option's text). */
  async function clinicSeesLab(): Promise<string> {
    await page.goto(`${base}/v5/device`);
    const row = page.getByTestId('device-table').locator('tr', { hasText: 'C10000002' });
    await row.getByTestId('action-receivers').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
    const picker = dialog.getByTestId('receiver-search');
    await picker.click();
    await picker.locator('input').fill('Solbakken');
    const option = page.getByTestId('org-option').filter({ has: page.getByText(LAB, { exact: true }) });
    await option.first().waitFor();
    return (await option.first().textContent()) ?? '';
  }

  it(
    'registers, confirms, creates a lab, gets verified, invites a colleague who joins, and opens its contact details',
    { timeout: 420_000 },
    async () => {
      // 1. A newcomer registers from the sign-in page and confirms the address from the outbox.
      await page.goto(`${base}/v5/login`);
      await page.getByTestId('link-register').click();
      await page.getByTestId('register-card').waitFor();
      await page.locator('input#username').fill('ines.w');
      await page.locator('input#email').fill('ines@example.test');
      await page.locator('input#password').fill('ines_pw1');
      await page.locator('input#confirm').fill('ines_pw1');
      await page.locator('input#country').fill('Norway');
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-done').waitFor();
      await page.goto(await mailedLink('ines@example.test', 'confirmEmail'));
      await page.getByTestId('confirm-done').waitFor();

      // 2. Signed in without an organization, the start-up check opens the organization tab: she creates a lab.
      await signInAs(page, base, 'ines.w', 'ines_pw1');
      await page.getByTestId('startup-organization-open').click();
      await page.getByTestId('org-create').waitFor();
      const licence = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 80 } });
      await page.getByTestId('org-name-input').fill(LAB);
      await page.getByTestId('org-type').getByText('Lab').click();
      await page.getByTestId('org-contact').fill('Ines Wold');
      await page.getByTestId('org-phone').fill('+47 55 00 11 22');
      await page.getByTestId('org-credit').fill('NO-912345678');
      await page.getByTestId('org-email').fill(LAB_EMAIL);
      await page
        .getByTestId('licence-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licence });
      await page.getByTestId('licence-name').getByText('licence.png').waitFor();
      await page.getByTestId('org-create-submit').click();
      await page.getByTestId('org-details').getByTestId('org-status').getByText('Under review').waitFor();
      await journey.shot('network-01-lab-under-review');

      // 3. The platform administrator verifies it, the licence in view.
      await signInAs(page, base, 'admin');
      await page.goto(`${base}/v5/manager`);
      await page.getByRole('tab', { name: 'Certification' }).click();
      const row = page.getByTestId('certification-table').locator('tr', { hasText: LAB });
      await row.getByTestId('licence-image').waitFor();
      const [lab] = await journey.app.platform.db.select().from(customers).where(eq(customers.name, LAB));
      await row.getByTestId(`verify-${lab!.id}`).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Verify' }).click();
      await row.waitFor({ state: 'detached' });

      // 4. Verified, the lab invites a colleague by e-mail; he opens the mailed link, signs in and accepts.
      const colleague = await journey.app.inject({
        method: 'POST',
        url: '/user/register',
        payload: {
          username: 'jonas.b',
          email: 'jonas@example.test',
          password: 'jonas_pw1',
          country: 'Norway',
        },
      });
      expect(colleague.json().success).toBe(true);
      await signInAs(page, base, 'ines.w', 'ines_pw1');
      // With an organization now, the first-use guide opens on her first page; she skips it.
      await page.getByTestId('guide-skip').click();
      await page.getByTestId('guide-skip').waitFor({ state: 'detached' });
      await page.goto(`${base}/v5/account?tab=1`);
      await page.getByTestId('org-details').getByTestId('org-status').getByText('Verified').waitFor();
      await page.goto(`${base}/v5/newAccount`);
      await page.getByTestId('members-page').waitFor();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invite-email').fill('jonas@example.test');
      await page.getByTestId('invite-send').click();
      await page.getByTestId('invitations-table').getByText('jonas@example.test').waitFor();
      const invitation = await mailedLink('jonas@example.test', 'invitation');
      await signOut();
      await page.goto(invitation);
      await page.getByTestId('invitation-sign-in').click();
      await page.getByTestId('sign-in-card').waitFor();
      await page.locator('input#username').fill('jonas.b');
      await page.locator('input#password').fill('jonas_pw1');
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/v5\/invitation\?token=/);
      await page.getByTestId('invitation-accept').click();
      await page.getByTestId('invitation-accepted').getByText(`You are now a member of ${LAB}.`).waitFor();
      await page.goto(`${base}/v5/newAccount`);
      await page.getByTestId('members-table').getByText('ines.w').waitFor();
      await page.getByTestId('members-table').getByText('jonas.b').waitFor();
      await journey.shot('network-02-members');

      // 5. Demo Clinic looks for the lab as a receiver: found by name, contact details hidden (privacy default).
      await signInAs(page, base, 'clinic');
      const bound = await api('POST', '/api2/device/scan/regist', {
        number: 'C10000002',
        secret: '123456',
        name: 'P3',
        memo: '',
        encryptType: 1,
        comCode: 1,
        scanType: 'ply',
      });
      expect(bound.success).toBe(true);
      expect(await clinicSeesLab()).not.toContain(LAB_EMAIL);

      // 6. The lab switches its privacy on (user secret in the settings drawer); the clinic now sees the e-mail.
      await signInAs(page, base, 'ines.w', 'ines_pw1');
      await page.getByTestId('open-settings').click();
      await drawer().getByTestId('settings-sections').getByText('User secret', { exact: true }).click();
      await drawer().getByTestId('privacy-master').click();
      await expect.poll(() => checked('privacy-email')).toBe(true);
      await expect.poll(() => checked('privacy-phone')).toBe(true);
      await journey.shot('network-03-privacy-on');
      await signInAs(page, base, 'clinic');
      const shown = await clinicSeesLab();
      expect(shown).toContain(LAB_EMAIL);
      expect(shown).toContain('+47 55 00 11 22');
      await journey.shot('network-04-clinic-sees-lab');
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
