import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startJourney, type Journey } from './server.ts';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { DESKTOP, openAs, resize, WIDTHS } from './support/page.ts';
import { people, pngOf } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The settings drawer in a real browser, for fresh organizations: the e-mail subscription and custom search switches
 * persist across a reload; a lab's privacy master switch changes what a clinic's receiver search shows of it
 * (e-mail hidden, then shown, then hidden again); a report logo upload shows its preview, and every section of the
 * drawer fits at 390, 768 and 1440 px; a member who is not the administrator sees the organization's settings
 * read-only.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('settings drawer in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: ReturnType<typeof people>;
  const drawer = () => page.locator('.settings-drawer');
  const shot = (name: string) => journey.shot(`settings-${name}`);

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

  /**
   * What the clinic's receiver search for `search` shows of the organization `name` (the option's text): the clinic
   * opens its devices afresh (nothing remembered of an earlier search) and the scanner's receivers.
   */
  async function clinicSees(
    clinic: PersonRef,
    serial: string,
    search: string,
    name: string,
  ): Promise<string> {
    await openAs(page, base, clinic, '/v5/device', { shell: false });
    const row = page.getByTestId('device-table').locator('tr', { hasText: serial });
    await row.getByTestId('action-receivers').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('receiver-manager') });
    const picker = dialog.getByTestId('receiver-search');
    await picker.click();
    await picker.locator('input').fill(search);
    const option = page
      .getByTestId('org-option')
      .filter({ has: page.getByText(name, { exact: true }) })
      .first();
    await option.waitFor();
    return (await option.textContent()) ?? '';
  }

  // A browser context of its own for each test (they run in any order).
  beforeEach(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });
  afterEach(async () => {
    await journey?.close();
  });

  it('keeps the e-mail subscription and custom search switches across a reload', async () => {
    const lab = await p.lab('Settings Lab');
    await openAs(page, base, lab.owner);
    await openSettings();
    // E-mail subscription is the default entry, on by default.
    const caseMail = drawer().getByTestId('mail-case');
    await caseMail.waitFor();
    expect(await checked(caseMail)).toBe(true);
    expect(await checked(drawer().getByTestId('mail-equipment'))).toBe(true);
    await flip(caseMail, false);
    await journey.toast(text('preferences.emailUpdateSuccess'));
    await section('preferences.sections.search');
    // A person's e-mail and phone start hidden from searches (migration 0026); the name is findable.
    await drawer().getByTestId('user-search-phone').waitFor();
    expect(await checked(drawer().getByTestId('user-search-phone'))).toBe(false);
    expect(await checked(drawer().getByTestId('user-search-name'))).toBe(true);
    await flip(drawer().getByTestId('user-search-phone'), true);
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
    expect(await checked(drawer().getByTestId('user-search-phone'))).toBe(true);
    expect(await checked(drawer().getByTestId('user-search-email'))).toBe(false);
    expect(await checked(drawer().getByTestId('org-search-email'))).toBe(false);
    // Back on, and kept.
    await flip(drawer().getByTestId('org-search-email'), true);
    await journey.toast(text('preferences.emailUpdateSuccess'));
  });

  it('names the entries for what they do, in English, German and Chinese (issue 33)', async () => {
    const lab = await p.lab('Words Lab');
    await openAs(page, base, lab.owner);
    const keys = [
      'preferences.sections.mail',
      'preferences.sections.search',
      'preferences.sections.privacy',
      'preferences.sections.report',
      'settings.language',
      'settings.exit',
    ];
    // The words of the first pass nobody understood, in any of the three languages.
    const jargon = [
      'User secret',
      'Custom search',
      'Exit',
      'Benutzerdefinierte Suche',
      '自定义搜索',
      '用户隐私',
      '退出',
    ];
    for (const lang of ['en', 'de', 'zh'] as const) {
      const texts = readLocale(lang) as Texts;
      const say = (key: string) =>
        key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await openSettings();
      const entries = drawer().getByTestId('settings-sections').locator('.ant-menu-title-content');
      await entries.filter({ hasText: say('settings.exit') }).waitFor();
      const shown = (await entries.allTextContents()).map((t) => t.trim());
      expect(shown, lang).toEqual(keys.map(say));
      for (const word of jargon) expect(shown, `${lang}: ${word}`).not.toContain(word);
      await shot(`00-entries-${lang}`);
    }
    expect(readLocale('en')).toMatchObject({
      preferences: { sections: { search: 'Who can find me', privacy: 'Privacy' } },
      settings: { exit: 'Sign out' },
    });
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    expect(journey.pageErrors).toEqual([]);
  });

  it("the lab's privacy switch changes what another organization's receiver search shows", async () => {
    // A lab (e-mail and phone hidden from others by default: privacy 14), a second lab whose name holds the
    // first's (so a search for the first always finds something), and a clinic.
    const labEmail = `privacy-${Date.now()}@lab.example.test`;
    const labPhone = '+1 555 0142';
    const lab = await p.lab('Privacy Lab', { email: labEmail, phone: labPhone });
    const other = await p.lab('', {
      name: `${lab.name} 2`,
      email: `other-${labEmail}`,
      phone: '+1 555 0143',
    });
    const clinic = await p.clinic('Privacy Clinic');
    const { serial, bindCode } = await p.registered();
    const seen = () => clinicSees(clinic.owner, serial, lab.name, lab.name);

    // The clinic binds a scanner (through the API) and searches the lab: e-mail and phone hidden by default.
    const bound = await clinic.owner.call('POST', '/api2/device/scan/regist', {
      number: serial,
      secret: bindCode,
      name: 'P3',
      memo: '',
      encryptType: 1,
      comCode: 1,
      scanType: 'ply',
    });
    expect(bound.body.success).toBe(true);
    const hidden = await seen();
    expect(hidden).not.toContain(labEmail);
    expect(hidden).not.toContain(labPhone);

    // The calls the switch makes (calls §7.5: DELETE with the hide bit removes it, PUT sets it).
    const privacyCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('/api2/cust/privacy') && req.method() !== 'GET')
        privacyCalls.push(`${req.method()} ${url.searchParams.get('privacy')}`);
    });

    // The lab switches its privacy on: removes the e-mail bit (2), then the phone bit (4), notices true.
    await openAs(page, base, lab.owner);
    await openSettings();
    await section('preferences.sections.privacy');
    const master = drawer().getByTestId('privacy-master');
    await master.waitFor();
    expect(await checked(master)).toBe(false);
    await flip(master, true);
    await expect.poll(() => privacyCalls).toEqual(['DELETE 2', 'DELETE 4']);
    await expect(checked(drawer().getByTestId('privacy-email'))).resolves.toBe(true);
    await expect(checked(drawer().getByTestId('privacy-phone'))).resolves.toBe(true);
    await expect(checked(drawer().getByTestId('privacy-address'))).resolves.toBe(false);
    expect((await api<{ privacy: number }>('GET', '/api2/cust/privacy')).data.privacy).toBe(8);
    await shot('02-privacy-on');

    const shown = await seen();
    expect(shown).toContain(labEmail);
    expect(shown).toContain(labPhone);

    // Off again: everything hidden, and the clinic no longer sees them.
    await openAs(page, base, lab.owner);
    await openSettings();
    await section('preferences.sections.privacy');
    privacyCalls.length = 0;
    await flip(drawer().getByTestId('privacy-master'), false);
    await expect(checked(drawer().getByTestId('privacy-email'))).resolves.toBe(false);
    // Off sets every hide bit again.
    await expect.poll(() => privacyCalls).toEqual(['PUT 2', 'PUT 4', 'PUT 8']);
    expect((await api<{ privacy: number }>('GET', '/api2/cust/privacy')).data.privacy).toBe(14);
    // The master switch off also turned the lab's custom search off: it cannot be found at all, even by name (the
    // second lab, found by the same words, shows the search has answered).
    await clinicSees(clinic.owner, serial, lab.name, other.name);
    await expect(
      page
        .getByTestId('org-option')
        .filter({ has: page.getByText(lab.name, { exact: true }) })
        .count(),
    ).resolves.toBe(0);
  });

  it('uploads a report logo that shows; every section of the drawer fits every width', async () => {
    const lab = await p.lab('Report Lab');
    await openAs(page, base, lab.owner);
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

    // Every section of the drawer at every width: its body never scrolls sideways. (The drawer's first section on
    // each screen is responsive.test.ts's; the sections are this drawer's own.)
    const shownIn = {
      mail: 'mail-case',
      search: 'user-search-phone',
      privacy: 'privacy-master',
      report: 'report-logo',
    };
    for (const size of WIDTHS) {
      await resize(page, size);
      for (const key of ['mail', 'search', 'privacy', 'report'] as const) {
        await section(`preferences.sections.${key}`);
        await drawer().getByTestId(shownIn[key]).waitFor();
        const overflow = await page.evaluate(() => {
          const body = document.querySelector('.settings-drawer .ant-drawer-body');
          return body ? body.scrollWidth - body.clientWidth : 0;
        });
        expect(overflow, `${key} at ${size.width}`).toBeLessThanOrEqual(0);
      }
      await shot(`${size.width}-report`);
    }
    await resize(page, DESKTOP);
    expect(journey.pageErrors).toEqual([]);
  });

  it("shows a member who is not the administrator the organization's settings read-only", async () => {
    // The lab's owner has uploaded a report logo; a member (not its administrator) opens the settings.
    const lab = await p.lab('Read-only Lab');
    await p.uploadLogo(lab.owner, pngOf(48, 48, [15, 118, 110]));
    const member = await p.person(lab);
    await openAs(page, base, member);
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
