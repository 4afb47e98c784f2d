import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signInAs, startJourney, WIDTHS, type Journey } from './server.ts';
import { eq } from 'drizzle-orm';
import { readLocale } from '../src/locales/read-locale.ts';
import { hashPassword } from '../../server/src/platform/identity/passwords.ts';
import { users } from '../../server/src/modules/users/users.schema.ts';
import { customers, memberships } from '../../server/src/modules/orgs/orgs.schema.ts';

/**
 * The settings drawer in a real browser: the e-mail subscription and custom search switches persist across a
 * reload; the lab's privacy master switch changes what Demo Clinic's receiver search shows of Demo Lab (e-mail
 * hidden, then shown, then hidden again); a report logo upload shows its preview; the drawer at 390, 768 and 1440 px.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const LAB_EMAIL = 'lab@demo.archway.local';

describe('settings drawer in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const drawer = () => page.locator('.settings-drawer');
  const shot = async (name: string) => {
    await page.waitForTimeout(500);
    await journey.shot(`settings-${name}`);
  };

  async function openSettings() {
    await page.getByTestId('open-settings').click();
    await drawer().getByTestId('settings-sections').waitFor();
  }
  async function section(key: string) {
    await drawer().getByTestId('settings-sections').getByText(text(key), { exact: true }).click();
  }
  const checked = (sw: Locator) => sw.getAttribute('aria-checked').then((v) => v === 'true');
  async function flip(sw: Locator, to: boolean) {
    await sw.waitFor();
    await expect(sw.isEnabled()).resolves.toBe(true);
    if ((await checked(sw)) !== to) await sw.click();
    await page.waitForFunction(
      ([el, want]) => (el as Element).getAttribute('aria-checked') === String(want),
      [await sw.elementHandle(), to] as const,
    );
  }
  /** A call with the page's token. */
  const api = <T>(method: string, path: string, body?: unknown) =>
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
    ) as Promise<{ success: boolean; data: T }>;

  /** What Demo Clinic's receiver search shows for Demo Lab (the option's text), through the receiver dialog. */
  async function clinicSeesLab(name = 'Demo Lab'): Promise<string> {
    await page.goto(`${base}/v5/device`);
    const row = page.getByTestId('device-table').locator('tr', { hasText: 'C10000002' });
    await row.getByTestId('action-receivers').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
    const picker = dialog.getByTestId('receiver-search');
    await picker.click();
    await picker.locator('input').fill('Demo Lab');
    const option = page
      .getByTestId('org-option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .first();
    await option.waitFor();
    return (await option.textContent()) ?? '';
  }

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it('keeps the e-mail subscription and custom search switches across a reload', async () => {
    await signInAs(page, base, 'lab');
    await openSettings();
    // E-mail subscription is the default entry, on by default.
    const caseMail = drawer().getByTestId('mail-case');
    await caseMail.waitFor();
    expect(await checked(caseMail)).toBe(true);
    expect(await checked(drawer().getByTestId('mail-equipment'))).toBe(true);
    await flip(caseMail, false);
    await journey.toast(text('preferences.emailUpdateSuccess'));
    await section('preferences.sections.search');
    await flip(drawer().getByTestId('user-search-phone'), false);
    await journey.toast(text('preferences.emailUpdateSuccess'));
    await flip(drawer().getByTestId('org-search-email'), false);
    await journey.toast(text('preferences.emailUpdateSuccess'));
    await shot('01-search');

    await page.reload();
    await page.getByTestId('org-name').waitFor();
    await openSettings();
    await drawer().getByTestId('mail-case').waitFor();
    expect(await checked(drawer().getByTestId('mail-case'))).toBe(false);
    expect(await checked(drawer().getByTestId('mail-equipment'))).toBe(true);
    await section('preferences.sections.search');
    await drawer().getByTestId('user-search-phone').waitFor();
    expect(await checked(drawer().getByTestId('user-search-phone'))).toBe(false);
    expect(await checked(drawer().getByTestId('user-search-email'))).toBe(true);
    expect(await checked(drawer().getByTestId('org-search-email'))).toBe(false);
    // Back on: the lab must be findable by e-mail for the privacy part below.
    await flip(drawer().getByTestId('org-search-email'), true);
    await journey.toast(text('preferences.emailUpdateSuccess'));
  });

  it("the lab's privacy switch changes what another organization's receiver search shows", async () => {
    // Demo Clinic binds a scanner and searches Demo Lab: e-mail and phone hidden by default (privacy 14).
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
    const hidden = await clinicSeesLab();
    expect(hidden).not.toContain(LAB_EMAIL);
    expect(hidden).not.toContain('+1 555 0100');

    // Demo Lab switches its privacy on: e-mail (2), then phone (4), notices true.
    await signInAs(page, base, 'lab');
    await openSettings();
    await section('preferences.sections.privacy');
    const master = drawer().getByTestId('privacy-master');
    await master.waitFor();
    expect(await checked(master)).toBe(false);
    await flip(master, true);
    await expect(checked(drawer().getByTestId('privacy-email'))).resolves.toBe(true);
    await expect(checked(drawer().getByTestId('privacy-phone'))).resolves.toBe(true);
    await expect(checked(drawer().getByTestId('privacy-address'))).resolves.toBe(false);
    expect((await api<{ privacy: number }>('GET', '/api2/cust/privacy')).data.privacy).toBe(8);
    await shot('02-privacy-on');

    await signInAs(page, base, 'clinic');
    const shown = await clinicSeesLab();
    expect(shown).toContain(LAB_EMAIL);
    expect(shown).toContain('+1 555 0100');

    // Off again: everything hidden, and the clinic no longer sees them.
    await signInAs(page, base, 'lab');
    await openSettings();
    await section('preferences.sections.privacy');
    await flip(drawer().getByTestId('privacy-master'), false);
    await expect(checked(drawer().getByTestId('privacy-email'))).resolves.toBe(false);
    expect((await api<{ privacy: number }>('GET', '/api2/cust/privacy')).data.privacy).toBe(14);
    await signInAs(page, base, 'clinic');
    // The master switch off also turned the lab's custom search off: it cannot be found at all, even by name.
    await clinicSeesLab('Demo Lab 2');
    await expect(
      page
        .getByTestId('org-option')
        .filter({ has: page.getByText('Demo Lab', { exact: true }) })
        .count(),
    ).resolves.toBe(0);
  });

  it('uploads a report logo that shows, and looks right at every width', async () => {
    await signInAs(page, base, 'lab');
    // A real 48 × 48 PNG: a piece of the page itself.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 48, height: 48 } });
    await openSettings();
    await section('preferences.sections.report');
    const logoCard = drawer().getByTestId('report-logo');
    await logoCard.waitFor();
    await logoCard
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await journey.toast(text('preferences.report.uploaded'));
    const preview = drawer().getByTestId('logo-preview');
    await preview.waitFor();
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth === 48,
      await preview.elementHandle(),
    );
    // A text file is refused before it is sent, with the catalogue's text.
    await drawer()
      .getByTestId('report-pictures')
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await journey.toast(text('errors.report.reportPreviewImgStyle'));
    await drawer().getByText(text('preferences.report.noPictures')).waitFor();

    // A picture, then the one video (a text file named .mp4 is refused by the server, by its content).
    await drawer()
      .getByTestId('report-pictures')
      .locator('input[type=file]')
      .setInputFiles({ name: 'clinic.png', mimeType: 'image/png', buffer: png });
    await drawer().getByTestId('report-pictures').locator('img').waitFor();
    const video = drawer().getByTestId('report-video');
    await video.locator('input[type=file]').setInputFiles({
      name: 'fake.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('just text, not a video'),
    });
    await journey.toast(text('errors.report.reportPreviewVideoStyle'));
    const mp4 = Buffer.alloc(200_000);
    Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]).copy(mp4);
    await video
      .locator('input[type=file]')
      .setInputFiles({ name: 'clinic.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await video.getByTestId('video-play').waitFor();
    await video.getByText(text('preferences.report.videoReady')).waitFor();
    await video.scrollIntoViewIfNeeded();
    await shot('03-report-bottom');
    await video.getByTestId('video-delete').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: text('preferences.report.delete') })
      .click();
    await video.getByTestId('video-upload').waitFor();

    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const key of ['mail', 'search', 'privacy', 'report'] as const) {
        const tab = drawer()
          .getByTestId('settings-sections')
          .getByText(text(`preferences.sections.${key}`), { exact: true });
        await tab.click();
        await page.waitForTimeout(300);
        const overflow = await page.evaluate(() => {
          const body = document.querySelector('.settings-drawer .ant-drawer-body');
          return body ? body.scrollWidth - body.clientWidth : 0;
        });
        expect(overflow, `${key} at ${size.width}`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shots/settings-${size.width}-${key}.png` });
      }
    }
    expect(journey.pageErrors).toEqual([]);
  });

  it("shows a member who is not the administrator the organization's settings read-only", async () => {
    const db = journey.app.platform.db;
    const [lab] = await db.select({ id: customers.id }).from(customers).where(eq(customers.name, 'Demo Lab'));
    const [member] = await db
      .insert(users)
      .values({
        username: 'lab.member',
        passwordHash: await hashPassword('member_pw1'),
        email: 'lab.member@demo.archway.local',
        emailConfirmed: '1',
        property: { skipNovice: 'yes' },
      })
      .returning({ id: users.id });
    await db.insert(memberships).values({ userId: member!.id, custId: lab!.id, role: 'member' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, base, 'lab.member', 'member_pw1');
    await openSettings();
    // Their own e-mail subscription is theirs to change.
    await expect(drawer().getByTestId('mail-case').isEnabled()).resolves.toBe(true);
    await section('preferences.sections.search');
    await drawer().getByTestId('org-search-readonly').waitFor();
    await expect(drawer().getByTestId('org-search-name').isDisabled()).resolves.toBe(true);
    await expect(drawer().getByTestId('user-search-name').isEnabled()).resolves.toBe(true);
    await section('preferences.sections.privacy');
    await drawer().getByTestId('privacy-master').waitFor();
    await expect(drawer().getByTestId('privacy-master').isDisabled()).resolves.toBe(true);
    await section('preferences.sections.report');
    await drawer().getByTestId('report-readonly').waitFor();
    await expect(drawer().getByTestId('logo-upload').isDisabled()).resolves.toBe(true);
    await drawer().getByTestId('logo-preview').waitFor();
    await shot('04-member-read-only');
    expect(journey.pageErrors).toEqual([]);
  });
});
