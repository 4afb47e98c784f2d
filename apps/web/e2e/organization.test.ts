import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { customers } from '../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../server/src/modules/account/users.schema.ts';
import { SHOTS, startJourney, type Journey } from './server.ts';
import { atWidths, openAs } from './support/page.ts';
import { people } from './support/people.ts';

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
 * a lab with a business licence (uploaded with progress), and sees it under
 * review; a platform administrator opens /manager → Certification, sees the licence and verifies the lab (the
 * outcome is mailed: the outbox tab shows it); the lab's owner then sees it verified. A refusal carries its reason;
 * the organization resubmits, then deletes itself. Newcomers register through the API; everyone is signed in by
 * token. The outbox with its mail fits 390, 768 and 1440 px (its rows are cards on a phone); the organization tab
 * (with and without an organization) and /manager's tabs as routes at every width: responsive.test.ts.
 */
describe('organization creation and certification in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: ReturnType<typeof people>;
  const suffix = () => Math.random().toString(36).slice(2, 8);

  // A browser context of its own for each test (they run in any order).
  beforeEach(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });
  afterEach(async () => {
    await journey?.close();
  });

  /** Registers a newcomer through the API (confirmed already: only the organization prompt shows). */
  async function newcomer(name: string, country = 'Norway') {
    const username = `${name}.${suffix()}`;
    const email = `${username}@example.test`;
    const answer = await journey.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username, email, password: `${name}_pw1`, country },
    });
    expect(answer.json()).toMatchObject({ success: true });
    await journey.app.platform.db
      .update(users)
      .set({ emailConfirmed: '1' })
      .where(eq(users.username, username));
    return { ...(await p.byUsername(username)), email };
  }
  const custIdOf = async (name: string) => {
    const [row] = await journey.app.platform.db.select().from(customers).where(eq(customers.name, name));
    return row!.id;
  };
  /** The organization tab of the personal centre, as `person` (one page load). */
  const openOrganizationTab = async (person: { headers: { authorization: string } }) => {
    await openAs(page, base, person, '/v5/account?tab=1', { shell: false });
    await page.locator('#splash').waitFor({ state: 'detached' });
  };
  it(
    'a newcomer creates a lab with a licence; the administrator verifies it; the lab shows verified',
    { timeout: 240_000 },
    async () => {
      const lena = await newcomer('lena');
      const admin = await p.admin();
      const labName = `Fjord Dental Lab ${suffix()}`;
      await openAs(page, base, lena);
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

      await page.getByTestId('org-name-input').fill(labName);
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
      await journey.toast(`${labName} was created and is now under review.`);

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
      await page.getByTestId('org-name').getByText(labName).waitFor();

      // The platform administrator verifies it.
      await openAs(page, base, admin, '/v5/manager?tab=certification', { shell: false });
      const table = page.getByTestId('certification-table');
      const row = table.locator('tr', { hasText: labName });
      await row.waitFor();
      await row.getByTestId('licence-image').waitFor();
      await expect
        .poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(240);
      await journey.shot('manager-certification-queue');
      await row.getByTestId(`verify-${await custIdOf(labName)}`).click();
      await page.locator('.ant-modal-confirm-title').getByText(`Verify ${labName}?`).waitFor();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Verify' }).click();
      await journey.toast(`${labName} is verified.`);
      await row.waitFor({ state: 'detached' });
      await page.getByTestId('certification-status').getByText('Verified').click();
      await table.getByText(labName).waitFor();

      // The outcome was mailed (kept in the outbox: no SMTP relay); the administrator reads it.
      await page.getByRole('tab', { name: 'Mail outbox' }).click();
      const outbox = page.getByTestId('outbox-table');
      const mail = outbox.locator('tr', { hasText: `${labName} is verified on Archway` });
      await mail.waitFor();
      await expect(mail.innerText()).resolves.toContain(lena.email);
      await mail.getByTestId('outbox-open').click();
      await page
        .getByTestId('outbox-text')
        .getByText(`The platform administrator has verified ${labName}.`, { exact: false })
        .waitFor();
      await journey.shot('manager-outbox-message');
      await page.getByTestId('outbox-message').locator('.ant-modal-footer button').click();
      // The outbox with its mail fits every width (on a phone its rows are cards).
      await page.getByTestId('outbox-message').waitFor({ state: 'hidden' });
      const outboxWide = await atWidths(page, SHOTS, 'manager-outbox', () =>
        outbox.getByText(lena.email).first().waitFor(),
      );
      expect(outboxWide).toEqual([]);

      // The lab's owner sees it verified.
      await openOrganizationTab(lena);
      await page.getByTestId('org-details').getByTestId('org-status').getByText('Verified').waitFor();
      // Its members open the licence (read with the token).
      await page.getByTestId('org-licence-link').getByText('licence.png').waitFor();
      expect(await page.getByTestId('org-licence-link').getAttribute('href')).toMatch(/^blob:/);
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it('a refusal carries its reason to the organization, which resubmits', { timeout: 180_000 }, async () => {
    const odd = await newcomer('odd');
    const admin = await p.admin();
    const clinicName = `Odd Clinic ${suffix()}`;
    await openOrganizationTab(odd);
    await page.getByTestId('org-name-input').fill(clinicName);
    await page.getByTestId('org-contact').fill('Odd B');
    await page.getByTestId('org-phone').fill('+47 55 00 00 00');
    await page.getByTestId('org-credit').fill('NO-111');
    const picker = page.getByTestId('licence-upload').locator('input[type=file]');
    await picker.setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: licencePng() });
    await page.getByTestId('licence-name').waitFor();
    await page.getByTestId('org-create-submit').click();
    await page.getByTestId('org-details').waitFor();

    await openAs(page, base, admin, '/v5/manager?tab=certification', { shell: false });
    const row = page.getByTestId('certification-table').locator('tr', { hasText: clinicName });
    await row.getByTestId(`refuse-${await custIdOf(clinicName)}`).click();
    const dialog = page.getByTestId('refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await dialog.getByText('Enter the reason for the refusal.').waitFor();
    await dialog.getByTestId('refuse-reason').fill('The licence photo is cut off at the bottom.');
    await journey.shot('manager-refuse-dialog');
    await dialog.getByRole('button', { name: 'Refuse' }).click();
    await journey.toast(`${clinicName} was refused.`);

    await openOrganizationTab(odd);
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
    await page.locator('.ant-modal-confirm-title').getByText(`Delete ${clinicName}?`).waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await journey.toast(`${clinicName} was deleted.`);
    await page.getByTestId('org-none').waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
