import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { demoFormPicture } from '../../server/src/demo/seed-updates.ts';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, DESKTOP, openAs, PHONE, resize } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Update notes and client downloads in Chromium (issues 13 and 33). What is new shows only to a person who used an
 * earlier version, once per person (kept on the server): a fresh clinic's owner signs in while 1.11.0 is the latest
 * and sees no dialog, nor does a fresh administrator at their first sign-in. The administrator writes release note
 * 1.12.0 in /manager with an uploaded picture, and publishes a download link. A brand-new person then signs in and gets
 * the first-use guide, not the notes. The clinic's owner sees the dialog open by itself exactly once: closing it and
 * reloading does not reopen it, nor does another browser; the top bar's icon does, and a newer note (1.13.0) opens it
 * by itself once more. The client-download
 * popover (and the phone's "…" entry) lists the administrator's link. The editor, the release notes, the download
 * links, the dialog and the popover are photographed at 390, 768 and 1440 px and must not be wider than the window.
 * The server is shared with other journeys: the notes and links written here are put back as they were at the end.
 */
type Texts = Record<string, unknown>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], en) as string;
const SHOTS = '/tmp/shots-updates';
const LINK = 'https://downloads.archway.test/archway-scan-4.2.0.msi';

describe('update notes and client downloads in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let admin: PersonRef;
  let clinic: PersonRef;
  /** The client download links before this journey, put back at its end. */
  let linksBefore: unknown[] = [];
  const tooWide: string[] = [];

  const dialog = (on = page) => on.locator('.update-notes-dialog .ant-modal');
  /**
   * Does `go` (a reload or a sign-in) and waits until the app has asked whether there are notes to be shown (the one
   * answer that decides whether the dialog opens by itself) and drawn what follows from it.
   */
  const settleAfter = async (go: () => Promise<unknown>, on = page) => {
    const seen = on.waitForResponse((r) => r.url().includes('/UpdateLog/seen'));
    await go();
    await (await seen).finished();
    await on.getByTestId('menu-toggle').waitFor();
    await on.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  };
  const reloadAndSettle = () => settleAfter(() => page.reload());
  /** The version the server keeps as seen by `who`. */
  const seenBy = async (who: PersonRef) =>
    (await who.call('GET', '/UpdateLog/seen?type=1')).body.data.seen as string;
  const closeDialog = async () => {
    await page.getByTestId('update-notes-close').click();
    await dialog().waitFor({ state: 'hidden' });
  };
  const widths = async (name: string, ready?: (width: number) => Promise<unknown>) =>
    tooWide.push(...(await atWidths(page, SHOTS, `updates-${name}`, ready)));
  async function choose(select: Locator, label: string) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: label })
      .first()
      .click();
    await page.keyboard.press('Escape');
  }

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS, updateNotes: true });
    ({ page, base } = journey);
    const p = people(journey.app);
    admin = await p.admin();
    clinic = (await p.clinic()).owner;
    linksBefore = (await admin.call('GET', '/api2/admin/client/downloads')).body.data.list;
    // A note's text is sanitized when served, and the server's first sanitizing loads jsdom (seconds on a loaded
    // machine): done here, so the dialog's first note does not outlast the web client's 5 s request timeout.
    expect((await admin.call('GET', '/UpdateLog/getLogDetail?type=1&version=1.11.0')).status).toBe(200);
  });
  afterAll(async () => {
    await journey?.close();
    if (!admin) return;
    // What other journeys on this server see: the demo's notes and the links from before.
    const notes = (await admin.call('GET', '/api2/admin/updates?type=1')).body.data as { version: string }[];
    for (const { version } of notes.filter((n) => ['1.12.0', '1.13.0'].includes(n.version)))
      expect((await admin.call('DELETE', `/api2/admin/updates/1/${version}`)).status).toBe(200);
    expect((await admin.call('PUT', '/api2/admin/client/downloads', { list: linksBefore })).status).toBe(200);
  });

  it(
    'the administrator writes a note with a picture and a download link; a user sees the dialog once per version',
    { timeout: 300_000 },
    async () => {
      // The clinic's owner uses 1.11.0: their first sign-in shows no notes (the server keeps 1.11.0 as seen).
      await settleAfter(() => openAs(page, base, clinic));
      expect(await dialog().isVisible()).toBe(false);
      expect(await seenBy(clinic)).toBe('1.11.0');
      // Nor does the administrator's first sign-in, though the demo's three notes are new to this browser.
      await settleAfter(() => openAs(page, base, admin, '/v5/manager'));
      expect(await dialog().isVisible()).toBe(false);
      // The icon shows them at any time.
      await page.getByTestId('open-update-notes').click();
      await expect
        .poll(() => dialog().getByTestId('update-note-detail').textContent())
        .toContain('Help, update notes and client downloads');
      await closeDialog();

      await page.getByTestId('tab-release-notes').click();
      const table = page.getByTestId('release-notes-table');
      await table.getByText('1.10.0', { exact: true }).waitFor();
      await page.getByTestId('release-note-new').click();
      const editor = page.locator('.release-note-dialog .ant-modal');
      await editor.waitFor();
      await editor.getByTestId('release-note-version').fill('1.12.0');
      await editor.getByTestId('release-note-topic-en').fill('Faster previews');
      const item = editor.getByTestId('note-item-editor').first();
      await item.getByTestId('note-item-title').fill('Scans open sooner');
      await item
        .getByTestId('note-item-text')
        .fill('<p>Large scans now appear <strong>part by part</strong>.<script>alert(1)</script></p>');
      // The live preview shows the text sanitized.
      const preview = editor.getByTestId('note-preview-en');
      await preview.locator('strong', { hasText: 'part by part' }).waitFor();
      expect(await preview.locator('script').count()).toBe(0);
      await editor.getByTestId('note-images-save-first').waitFor();
      await widths('editor', () => editor.getByTestId('note-images-save-first').waitFor());
      await editor.getByTestId('release-note-save').click();
      await journey.toast(text('updates.manager.saved'));

      // Saved: the dialog stays open for the pictures.
      await editor.getByTestId('note-image-upload').waitFor();
      await editor.locator('.ant-upload input[type=file]').setInputFiles({
        name: 'previews.png',
        mimeType: 'image/png',
        buffer: Buffer.from(demoFormPicture()),
      });
      await journey.toast(text('updates.manager.imageUploaded'));
      await editor.getByTestId('note-image-thumb').first().waitFor();
      await choose(
        item
          .locator('.ant-form-item')
          .filter({ hasText: text('updates.manager.itemImages') })
          .locator('.ant-select'),
        'img-',
      );
      await preview.locator('img').first().waitFor();
      await expect
        .poll(() =>
          preview
            .locator('img')
            .first()
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBe(480);
      await editor.getByTestId('release-note-save').click();
      await journey.toast(text('updates.manager.saved'));
      await editor.waitFor({ state: 'hidden' });
      await table.getByText('1.12.0', { exact: true }).waitFor();
      await widths('release-notes', () => table.getByText('1.12.0', { exact: true }).waitFor());

      await page.getByTestId('tab-client-downloads').click();
      await page.getByTestId('client-downloads-admin-empty').waitFor();
      await page.getByTestId('client-download-add').click();
      await page.getByTestId('client-download-name').fill('Archway Scan for Windows');
      await page.getByTestId('client-download-version').fill('4.2.0');
      // Plain http is refused by the form before anything is sent.
      await page.getByTestId('client-download-url').fill('http://downloads.archway.test/scan.msi');
      await page.getByTestId('client-downloads-save').click();
      await page.getByText(text('errors.clientDownload.httpsOnly')).waitFor();
      await page.getByTestId('client-download-url').fill(LINK);
      await page.getByTestId('client-download-note').fill('Windows 10 or later');
      await page.getByTestId('client-downloads-save').click();
      await journey.toast(text('clientDownload.manager.saved'));
      await widths('downloads-admin', () => page.getByTestId('client-download-url').waitFor());

      // A brand-new person (first-use guide not seen) signs in after 1.12.0: the guide greets them, not the notes.
      const newcomer = (await people(journey.app).clinic('Newcomer')).owner;
      await people(journey.app).fresh(newcomer);
      await settleAfter(() => openAs(page, base, newcomer));
      await page.locator('.first-use-guide .ant-modal').waitFor();
      expect(await dialog().isVisible()).toBe(false);
      expect(await seenBy(newcomer)).toBe('1.12.0');
      await page.keyboard.press('Escape');
      await page.locator('.first-use-guide .ant-modal').waitFor({ state: 'hidden' });
      expect(await dialog().isVisible()).toBe(false);

      // The person who used 1.11.0 sees the dialog by itself exactly once per new version, and the icon opens it at
      // any time.
      await openAs(page, base, clinic);
      await dialog().waitFor();
      const detail = dialog().getByTestId('update-note-detail');
      await detail.getByText('Faster previews').waitFor();
      await detail.locator('strong', { hasText: 'part by part' }).waitFor();
      const picture = detail.getByTestId('note-image').locator('img').first();
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(480);
      expect(await picture.getAttribute('src')).toMatch(
        /\/UpdateLog\/image\?name=img-[0-9a-f]{12}\.png&version=1\.12\.0&releaseType=1$/,
      );
      expect(await detail.locator('script').count()).toBe(0);
      // The demo's older notes are listed too; picking one shows it.
      await dialog().getByTestId('update-version').filter({ hasText: '1.10.0' }).click();
      await detail.getByText('Order forms, case design and the model builder').waitFor();
      await dialog().getByTestId('update-version').filter({ hasText: '1.12.0' }).click();
      await detail.getByText('Faster previews').waitFor();
      await widths('dialog', () => detail.getByText('Faster previews').waitFor());
      await closeDialog();
      await expect.poll(() => seenBy(clinic)).toBe('1.12.0');

      await reloadAndSettle();
      expect(await dialog().isVisible()).toBe(false);
      // Nor in another browser: what was seen is kept on the server, not in this browser's storage.
      const other = await journey.browser.newContext({ viewport: DESKTOP });
      const elsewhere = await other.newPage();
      await settleAfter(() => openAs(elsewhere, base, clinic), elsewhere);
      expect(await dialog(elsewhere).isVisible()).toBe(false);
      await other.close();

      // The top bar's icon opens it at any time.
      await page.getByTestId('open-update-notes').click();
      await dialog().waitFor();
      await dialog().getByText('Faster previews').first().waitFor();
      await closeDialog();

      // A newer note opens it by itself once more.
      const created = await admin.call('POST', '/api2/admin/updates', {
        type: 1,
        version: '1.13.0',
        texts: { en: { topic: 'Even more', items: [{ title: 'Thirteen' }] } },
      });
      expect(created.body.success).toBe(true);
      await page.reload();
      await dialog().waitFor();
      await dialog().getByText('Even more').first().waitFor();
      await closeDialog();
      await reloadAndSettle();
      expect(await dialog().isVisible()).toBe(false);

      // The client-download popover lists the link the administrator set.
      await page.getByTestId('open-client-download').click();
      const link = page.getByTestId('client-download-link');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(LINK);
      expect(await link.getAttribute('target')).toBe('_blank');
      const list = page.getByTestId('client-downloads');
      await list.getByText('Archway Scan for Windows').waitFor();
      /** Closes any list shown. */
      const closeList = async () => {
        await page.keyboard.press('Escape');
        if (await list.isVisible()) await page.getByTestId('page-title').click();
        await list.waitFor({ state: 'hidden' });
      };
      /** Opens the list: the popover from 1200 px, the "…" menu's entry below (tablets and phones). */
      const openList = async (width: number) => {
        await closeList();
        if (width >= 1200) await page.getByTestId('open-client-download').click();
        else {
          await page.getByTestId('top-bar-more').click();
          await page
            .locator('.ant-dropdown-menu-item')
            .filter({ hasText: text('clientDownload.title') })
            .click();
        }
        await list.getByText('Archway Scan for Windows').waitFor();
        expect(await list.isVisible()).toBe(true);
      };
      await widths('download-popover', openList);
      await closeList();
      // On a phone the "…" menu also opens the update notes.
      await resize(page, PHONE);
      await page.getByTestId('top-bar-more').click();
      await page
        .locator('.ant-dropdown-menu-item')
        .filter({ hasText: text('updates.open') })
        .click();
      await dialog().waitFor();
      await dialog().getByTestId('update-version-select').waitFor();
      await closeDialog();
      await resize(page, DESKTOP);

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
