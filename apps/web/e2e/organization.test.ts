import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { customers } from '../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../server/src/modules/users/users.schema.ts';
import { signInAs, startJourney, WIDTHS, type Journey } from './server.ts';

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG (a licence-like page: a header band and ruled lines), so the administrator's preview shows a picture. */
function licencePng(width = 240, height = 170): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y < 34;
      const line = !band && y % 16 === 0 && x > 20 && x < width - 20;
      const [r, g, b] = band ? [15, 118, 110] : line ? [120, 130, 140] : [250, 248, 240];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Organizations and certification (issue 9): a newcomer without an organization is prompted to complete it, creates
 * a lab with a business licence (uploaded with progress), and sees it under review; the platform administrator opens
 * /manager → Certification, sees the licence and verifies the lab (the outcome is mailed: the outbox tab shows it);
 * the lab's owner then sees it verified.
 */
describe('organization creation and certification in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    const answer = await journey.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username: 'lena.k', email: 'lena@example.test', password: 'lena_pw1', country: 'Norway' },
    });
    expect(answer.json()).toMatchObject({ success: true });
    // Confirmed already (the confirmation is the registration journey's): only the organization prompt shows.
    await journey.app.platform.db
      .update(users)
      .set({ emailConfirmed: '1' })
      .where(eq(users.username, 'lena.k'));
  });
  afterAll(async () => {
    await journey?.close();
  });

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const openOrganizationTab = async () => {
    await page.goto(`${base}/v5/account?tab=1`);
    await page.locator('#splash').waitFor({ state: 'detached' });
  };
  /** By its address (`?tab=`): on a phone most of /manager's tabs sit under the tab bar's "…" menu. */
  const openManagerTab = async (name: 'Certification' | 'Mail outbox') => {
    await page.goto(`${base}/v5/manager?tab=${name === 'Certification' ? 'certification' : 'outbox'}`);
  };

  it(
    'a newcomer creates a lab with a licence; the administrator verifies it; the lab shows verified',
    { timeout: 240_000 },
    async () => {
      await signInAs(page, base, 'lena.k', 'lena_pw1');
      // Start-up check: no organization → the prompt opens the organization tab.
      await page.getByTestId('startup-organization-open').click();
      await page.waitForURL(/\/v5\/account\?tab=1$/);
      await page.getByTestId('org-none').waitFor();
      await page.getByTestId('org-create').waitFor();

      // Required fields are checked before anything is sent.
      await page.getByTestId('org-create-submit').click();
      await page.getByText("Enter the organization's name.").waitFor();
      await page.getByText('Upload the business licence.').waitFor();

      // A file that is not a licence is refused before sending (a hint; the server checks the content).
      const picker = page.getByTestId('licence-upload').locator('input[type=file]');
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByText('Only JPG, PNG or PDF files are accepted.').waitFor();

      await page.getByTestId('org-name-input').fill('Fjord Dental Lab');
      await page.getByTestId('org-type').getByText('Lab').click();
      await page.getByTestId('org-contact').fill('Lena Kristiansen');
      await page.getByTestId('org-phone').fill('+47 22 00 00 00');
      await page.getByTestId('org-credit').fill('NO-987654321');
      await page.getByTestId('org-email').fill('post@fjordlab.test');
      await page.locator('#city').fill('Bergen');
      await page.locator('#memo').fill('Crowns and bridges, five-day turnaround.');
      await picker.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licencePng() });
      await page.getByTestId('licence-name').getByText('licence.png').waitFor();
      await journey.shot('organization-create-filled');
      await page.getByTestId('org-create-submit').click();
      await journey.toast('Fjord Dental Lab was created and is now under review.');

      const details = page.getByTestId('org-details');
      await details.waitFor();
      await details.getByTestId('org-status').getByText('Under review').waitFor();
      await details.getByText('Lena Kristiansen').waitFor();
      await page
        .getByText('The platform administrator is checking your business licence.', { exact: false })
        .waitFor();
      // The creator is its administrator: edit and delete are offered.
      await details.getByTestId('org-edit').waitFor();
      await details.getByTestId('org-delete').waitFor();
      // The owner edits a field; the dialog keeps the type fixed.
      await details.getByTestId('org-edit').click();
      const edit = page.getByTestId('org-edit-dialog');
      await edit.locator('#memo').fill('Crowns, bridges and implants.');
      await journey.shot('organization-edit-dialog');
      await edit.getByRole('button', { name: 'Save' }).click();
      await journey.toast('The organization was saved.');
      await details.getByText('Crowns, bridges and implants.').waitFor();
      // The top bar and the home page know the new organization.
      await page.goto(`${base}/v5/home`);
      await page.getByTestId('org-name').getByText('Fjord Dental Lab').waitFor();

      // The platform administrator verifies it.
      await signInAs(page, base, 'admin');
      await openManagerTab('Certification');
      const table = page.getByTestId('certification-table');
      const row = table.locator('tr', { hasText: 'Fjord Dental Lab' });
      await row.waitFor();
      await row.getByTestId('licence-image').waitFor();
      await expect
        .poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(240);
      await journey.shot('manager-certification-queue');
      const lab = await journey.app.platform.db
        .select()
        .from(customers)
        .where(eq(customers.name, 'Fjord Dental Lab'));
      await row.getByTestId(`verify-${lab[0]!.id}`).click();
      await page.locator('.ant-modal-confirm-title').getByText('Verify Fjord Dental Lab?').waitFor();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Verify' }).click();
      await journey.toast('Fjord Dental Lab is verified.');
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('certification-status').getByText('Verified').click();
      await table.getByText('Fjord Dental Lab').waitFor();

      // The outcome was mailed (kept in the outbox: no SMTP relay); the administrator reads it.
      await page.getByRole('tab', { name: 'Mail outbox' }).click();
      const outbox = page.getByTestId('outbox-table');
      const mail = outbox.locator('tr', { hasText: 'Fjord Dental Lab is verified on Archway' });
      await mail.waitFor();
      await mail.getByTestId('outbox-open').click();
      await page
        .getByTestId('outbox-text')
        .getByText('The platform administrator has verified Fjord Dental Lab.', { exact: false })
        .waitFor();
      await journey.shot('manager-outbox-message');
      await page.getByTestId('outbox-message').locator('.ant-modal-footer button').click();

      // The lab's owner sees it verified.
      await signInAs(page, base, 'lena.k', 'lena_pw1');
      await openOrganizationTab();
      await page.getByTestId('org-details').getByTestId('org-status').getByText('Verified').waitFor();
      // Its members open the licence (read with the token).
      await page.getByTestId('org-licence-link').getByText('licence.png').waitFor();
      expect(await page.getByTestId('org-licence-link').getAttribute('href')).toMatch(/^blob:/);
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it('a refusal carries its reason to the organization, which resubmits', { timeout: 180_000 }, async () => {
    const person = await journey.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username: 'odd.b', email: 'odd@example.test', password: 'odd_pw12', country: 'Norway' },
    });
    expect(person.json().success).toBe(true);
    await journey.app.platform.db
      .update(users)
      .set({ emailConfirmed: '1' })
      .where(eq(users.username, 'odd.b'));
    await signInAs(page, base, 'odd.b', 'odd_pw12');
    await openOrganizationTab();
    await page.getByTestId('org-name-input').fill('Odd Clinic');
    await page.getByTestId('org-contact').fill('Odd B');
    await page.getByTestId('org-phone').fill('+47 55 00 00 00');
    await page.getByTestId('org-credit').fill('NO-111');
    const picker = page.getByTestId('licence-upload').locator('input[type=file]');
    await picker.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licencePng() });
    await page.getByTestId('licence-name').waitFor();
    await page.getByTestId('org-create-submit').click();
    await page.getByTestId('org-details').waitFor();

    await signInAs(page, base, 'admin');
    await openManagerTab('Certification');
    const row = page.getByTestId('certification-table').locator('tr', { hasText: 'Odd Clinic' });
    const [clinic] = await journey.app.platform.db
      .select()
      .from(customers)
      .where(eq(customers.name, 'Odd Clinic'));
    await row.getByTestId(`refuse-${clinic!.id}`).click();
    const dialog = page.getByTestId('refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await dialog.getByText('Enter the reason for the refusal.').waitFor();
    await dialog.getByTestId('refuse-reason').fill('The licence photo is cut off at the bottom.');
    await journey.shot('manager-refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await journey.toast('Odd Clinic was refused.');

    await signInAs(page, base, 'odd.b', 'odd_pw12');
    await openOrganizationTab();
    await page.getByTestId('org-status').getByText('Audit failed').waitFor();
    await page
      .getByTestId('org-audit-reason')
      .getByText('The licence photo is cut off at the bottom.', { exact: false })
      .waitFor();
    await journey.shot('organization-refused');
    await page.getByTestId('org-resubmit').click();
    const resubmit = page.getByTestId('org-resubmit-dialog');
    await resubmit
      .locator('input[type=file]')
      .setInputFiles({ name: 'licence-full.png', mimeType: 'image/png', buffer: licencePng(300, 200) });
    await resubmit.getByText('licence-full.png').waitFor();
    await resubmit.getByRole('button', { name: 'Submit' }).click();
    await journey.toast('Sent: the organization is under review again.');
    await page.getByTestId('org-status').getByText('Under review').waitFor();

    // The owner deletes the clinic (nothing holds it) after confirming; the choices come back.
    await page.getByTestId('org-delete').click();
    await page.locator('.ant-modal-confirm-title').getByText('Delete Odd Clinic?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await journey.toast('Odd Clinic was deleted.');
    await page.getByTestId('org-none').waitFor();
    expect(journey.pageErrors).toEqual([]);
  });

  it(
    'shows the organization tab and the manager tabs at 390, 768 and 1440 px',
    { timeout: 180_000 },
    async () => {
      // Someone without an organization: the two choices and the form.
      const person = await journey.app.inject({
        method: 'POST',
        url: '/user/register',
        payload: { username: 'siri.n', email: 'siri@example.test', password: 'siri_pw1', country: 'Norway' },
      });
      expect(person.json().success).toBe(true);
      await journey.app.platform.db
        .update(users)
        .set({ emailConfirmed: '1' })
        .where(eq(users.username, 'siri.n'));
      await signInAs(page, base, 'siri.n', 'siri_pw1');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await openOrganizationTab();
        await page.getByTestId('org-create').waitFor();
        await journey.shot(`organization-create-${size.width}`);
        expect(await fits(), `create ${size.width}`).toBe(true);
      }
      // A verified organization's details.
      await signInAs(page, base, 'lena.k', 'lena_pw1');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await openOrganizationTab();
        await page.getByTestId('org-details').waitFor();
        await journey.shot(`organization-details-${size.width}`);
        expect(await fits(), `details ${size.width}`).toBe(true);
      }
      await signInAs(page, base, 'admin');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await openManagerTab('Certification');
        await page.getByTestId('certification-table').getByText('Demo Clinic 2').first().waitFor();
        await journey.shot(`manager-certification-${size.width}`);
        expect(await fits(), `certification ${size.width}`).toBe(true);
        await openManagerTab('Mail outbox');
        await page.getByTestId('outbox-table').getByText('lena@example.test').first().waitFor();
        await journey.shot(`manager-outbox-${size.width}`);
        expect(await fits(), `outbox ${size.width}`).toBe(true);
      }
      await page.setViewportSize(WIDTHS[2]);
    },
  );
});
