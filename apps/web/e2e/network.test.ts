import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import { customers } from '../../server/src/modules/orgs/orgs.schema.ts';
import { startJourney, type Journey } from './server.ts';
import { openAs, signOut } from './support/page.ts';
import { apiToken, people, suffix } from './support/people.ts';

/**
 * Issue 9 end to end, one person's way into a working network: a newcomer registers and confirms the e-mail from the
 * outbox, creates a lab with a business licence, a platform administrator verifies it, the lab invites a second
 * person who signs in from the mailed link and joins, and the lab's privacy switch changes what a clinic's receiver
 * search shows. The newcomers' names are the journey's own; the administrator and the clinic are made fresh.
 */
const run = suffix();
const LAB = `Solbakken Dental Lab ${run}`;
const LAB_EMAIL = `post.${run}@solbakken.test`;
const INES = { username: `ines.${run}`, email: `ines.${run}@example.test`, password: 'ines_pw1' };
const JONAS = { username: `jonas.${run}`, email: `jonas.${run}@example.test`, password: 'jonas_pw1' };

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
  const drawer = () => page.locator('.settings-drawer');
  const checked = (testId: string) =>
    drawer()
      .getByTestId(testId)
      .getAttribute('aria-checked')
      .then((v) => v === 'true');
  /** Ines, signed in with her password (as the scanner software does): her token. */
  const ines = () => apiToken(journey.app, INES.username, INES.password);

  it(
    'registers, confirms, creates a lab, gets verified, invites a colleague who joins, and opens its contact details',
    { timeout: 420_000 },
    async () => {
      const p = people(journey.app);
      const [admin, clinic] = await Promise.all([p.admin(), p.clinic('Network Clinic')]);
      // The clinic binds a registered scanner through the API.
      const scanner = await p.registered();
      const bound = await clinic.owner.call('POST', '/api2/device/scan/regist', {
        number: scanner.serial,
        secret: scanner.bindCode,
        name: 'P3',
        memo: '',
        encryptType: 1,
        comCode: 1,
        scanType: 'ply',
      });
      expect(bound.body.success).toBe(true);
      /** What the clinic's receiver search shows of the lab (the option's text). */
      async function clinicSeesLab(): Promise<string> {
        await openAs(page, base, clinic.owner, '/v5/device');
        const row = page.getByTestId('device-table').locator('tr', { hasText: scanner.serial });
        await row.getByTestId('action-receivers').click();
        const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
        const picker = dialog.getByTestId('receiver-search');
        await picker.click();
        await picker.locator('input').fill(LAB);
        const option = page.getByTestId('org-option').filter({ has: page.getByText(LAB, { exact: true }) });
        await option.first().waitFor();
        return (await option.first().textContent()) ?? '';
      }

      // 1. A newcomer registers from the sign-in page and confirms the address from the outbox.
      await page.goto(`${base}/v5/login`);
      await page.getByTestId('link-register').click();
      await page.getByTestId('register-card').waitFor();
      await page.locator('input#username').fill(INES.username);
      await page.locator('input#email').fill(INES.email);
      await page.locator('input#password').fill(INES.password);
      await page.locator('input#confirm').fill(INES.password);
      await page.locator('input#country').fill('Norway');
      await page.getByTestId('register-submit').click();
      await page.getByTestId('register-done').waitFor();
      await page.goto(await mailedLink(INES.email, 'confirmEmail'));
      await page.getByTestId('confirm-done').waitFor();

      // 2. Signed in without an organization, the start-up check opens the organization tab: she creates a lab.
      await openAs(page, base, await ines(), '/v5/home', { shell: false });
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
      await openAs(page, base, admin, '/v5/manager');
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
        payload: { ...JONAS, country: 'Norway' },
      });
      expect(colleague.json().success).toBe(true);
      await openAs(page, base, await ines(), '/v5/home', { shell: false });
      // With an organization now, the first-use guide opens on her first page; she skips it.
      await page.getByTestId('guide-skip').click();
      await page.getByTestId('guide-skip').waitFor({ state: 'detached' });
      await page.goto(`${base}/v5/account?tab=1`);
      await page.getByTestId('org-details').getByTestId('org-status').getByText('Verified').waitFor();
      await page.goto(`${base}/v5/newAccount`);
      await page.getByTestId('members-page').waitFor();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invite-email').fill(JONAS.email);
      await page.getByTestId('invite-send').click();
      await page.getByTestId('invitations-table').getByText(JONAS.email).waitFor();
      const invitation = await mailedLink(JONAS.email, 'invitation');
      // The invitation's own way in: signed out, its link leads to the sign-in form and back.
      await signOut(page);
      await page.goto(invitation);
      await page.getByTestId('invitation-sign-in').click();
      await page.getByTestId('sign-in-card').waitFor();
      await page.locator('input#username').fill(JONAS.username);
      await page.locator('input#password').fill(JONAS.password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/v5\/invitation\?token=/);
      await page.getByTestId('invitation-accept').click();
      await page.getByTestId('invitation-accepted').getByText(`You are now a member of ${LAB}.`).waitFor();
      await page.goto(`${base}/v5/newAccount`);
      await page.getByTestId('members-table').getByText(INES.username, { exact: true }).waitFor();
      await page.getByTestId('members-table').getByText(JONAS.username, { exact: true }).waitFor();
      await journey.shot('network-02-members');

      // 5. The clinic looks for the lab as a receiver: found by name, contact details hidden (privacy default).
      expect(await clinicSeesLab()).not.toContain(LAB_EMAIL);

      // 6. The lab switches its privacy on (Privacy in the settings drawer); the clinic now sees the e-mail.
      await openAs(page, base, await ines());
      await page.getByTestId('open-settings').click();
      await drawer().getByTestId('settings-sections').getByText('Privacy', { exact: true }).click();
      await drawer().getByTestId('privacy-master').click();
      await expect.poll(() => checked('privacy-email')).toBe(true);
      await expect.poll(() => checked('privacy-phone')).toBe(true);
      await journey.shot('network-03-privacy-on');
      const shown = await clinicSeesLab();
      expect(shown).toContain(LAB_EMAIL);
      expect(shown).toContain('+47 55 00 11 22');
      await journey.shot('network-04-clinic-sees-lab');
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
