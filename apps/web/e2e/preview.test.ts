import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { DeviceRef, OrgRef } from '../../server/src/testing/factories.ts';
import { SHOTS, openCaseList, startJourney, type Journey } from './server.ts';
import { caseListShown, DESKTOP, openAs, overflowOf, PHONE, resize, TABLET } from './support/page.ts';
import { jawsCase, people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The 3D preview of issue 8 in a real browser against a real server: a fresh lab opens the preview of a case a fresh
 * clinic sent it (both jaws, generated as the demo cases are), the scan downloads and is parsed in workers, the first
 * frame is drawn; the lab hides the lower jaw, switches to plaster and saves a screenshot (a PNG). A case the server
 * refuses to preview (encrypted) shows the catalogue's message. The viewer is photographed at 390, 768 and 1440 px
 * and must not be wider than the window. The canvas is compared once it has settled (two pictures in a row alike).
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

/** A PNG's width and height (IHDR), or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const PATIENT = 'Vera Preview';

describe('3D preview in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let clinic: OrgRef;
  let lab: OrgRef;
  let scanner: DeviceRef;

  /** The row (table) or card (phone) of a patient's case; the first one when no patient is named. */
  const caseRow = (patient?: string): Locator => {
    const rows = page.locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]');
    return (
      patient
        ? rows.filter({ has: page.getByTestId('case-patient').getByText(patient, { exact: true }) })
        : rows
    ).first();
  };

  /** Opens the preview from a row: the inline button, or the row's More menu. */
  async function openPreview(row: Locator) {
    await row.hover();
    const inline = row.getByTestId('action-preview');
    if ((await inline.count()) > 0) await inline.click();
    else {
      await row.getByTestId('action-more').click();
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
        .filter({ hasText: text('cases.actions.preview') })
        .first()
        .click();
    }
    await page.getByTestId('case-page-viewer').waitFor();
  }

  /** Waits until every file is loaded and a frame with the scan has been drawn. */
  async function waitForFirstFrame() {
    await page.locator('[data-testid=scan-viewer][data-frame=drawn]').waitFor({ timeout: 60_000 });
    await page.getByTestId('viewer-progress').waitFor({ state: 'detached', timeout: 60_000 });
  }

  const picture = () => page.getByTestId('viewer-canvas').screenshot();
  /** The canvas as the person sees it once it has stopped changing (two pictures in a row alike). */
  const canvasShot = async () => {
    let last = await picture();
    for (let i = 0; i < 50; i++) {
      const next = await picture();
      if (next.equals(last)) return next;
      last = next;
    }
    throw new Error('the canvas never settled');
  };
  /** The canvas once it shows something else than `before`, settled. */
  const changedFrom = async (before: Buffer) => {
    await expect.poll(async () => (await picture()).equals(before), { timeout: 15_000 }).toBe(false);
    return canvasShot();
  };

  /** The viewer is the case's page (issue 32): Back leaves it. */
  // The page's own back button: to where the person came from, or to the list when the case was opened directly (a
  // browser's back would leave the app then, for the tab's first blank page).
  const closePreview = async () => {
    await page.getByTestId('case-page-back').click();
    await page.getByTestId('case-page-viewer').waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
    clinic = await p.clinic();
    lab = await p.lab();
    scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
    // As the demo cases are: both jaws, generated, a few days old.
    await jawsCase(p, scanner, clinic.owner, PATIENT, { seed: 3, daysAgo: 3 });
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'the lab previews a case with both jaws: first frame, lower jaw hidden, plaster, a PNG screenshot, orbit, reset, opacity',
    { timeout: 300_000 },
    async () => {
      await openAs(page, base, lab.owner, '/v5/case');
      await caseListShown(page);
      const row = caseRow(PATIENT);
      const patient = (await row.getByTestId('case-patient').innerText()).split('\n')[0]!.trim();
      await openPreview(row);
      await expect(page.getByTestId('case-page-patient').innerText()).resolves.toContain(patient);
      await waitForFirstFrame();

      const toggles = page.getByTestId('viewer-file-toggle');
      await expect(toggles.count()).resolves.toBe(2);
      const upper = page.locator('[data-testid=viewer-file-toggle][data-jaw=upper]');
      const lower = page.locator('[data-testid=viewer-file-toggle][data-jaw=lower]');
      await expect(upper.innerText()).resolves.toContain(text('cases.viewer.jaw.upper'));
      await expect(lower.innerText()).resolves.toContain(text('cases.viewer.jaw.lower'));
      const both = await canvasShot();
      await journey.shot('preview-both-jaws');

      // Hide the lower jaw: the picture changes.
      await lower.click();
      await page.locator('[data-testid=scan-viewer]:not([data-hidden=""])').waitFor();
      const lowerBox = page.locator('label.ant-checkbox-wrapper').filter({ has: lower }).locator('input');
      await expect(lowerBox.isChecked()).resolves.toBe(false);
      const upperOnly = await changedFrom(both);
      expect(upperOnly.equals(both)).toBe(false);

      // Plaster instead of true colour: the picture changes again.
      await page
        .getByTestId('viewer-surface')
        .getByText(text('cases.viewer.plaster'), { exact: true })
        .click();
      await page.locator('[data-testid=scan-viewer][data-surface=plaster]').waitFor();
      const plaster = await changedFrom(upperOnly);
      expect(plaster.equals(upperOnly)).toBe(false);
      await journey.shot('preview-upper-plaster');

      // The screenshot: a PNG named after the patient and the day, of the canvas's size.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('viewer-screenshot').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-\d{4}-\d{2}-\d{2}\.png$/);
      expect(download.suggestedFilename().startsWith(patient.replace(/[\\/:*?"<>|]/g, '_'))).toBe(true);
      const png = readFileSync((await download.path())!);
      const size = pngSize(png);
      expect(size).not.toBeNull();
      expect(size!.width).toBeGreaterThan(300);
      expect(size!.height).toBeGreaterThan(200);
      expect(png.length).toBeGreaterThan(10_000);

      // Orbit with the mouse: the view turns; reset view: back to the first view exactly. The pictures compare the
      // canvas's own pixels: a notice that comes or goes over it meanwhile (a new case, a task done) is hidden here
      // (where notices may sit is notices-layout.test.ts's).
      await page.addStyleTag({
        content: '.ant-notification, .ant-message { visibility: hidden !important; }',
      });
      const before = await canvasShot();
      const box = (await page.getByTestId('viewer-canvas').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 40, { steps: 5 });
      await page.mouse.up();
      const turned = await changedFrom(before);
      expect(turned.equals(before)).toBe(false);
      await page.getByTestId('viewer-reset').click();
      // Back to the first view exactly, once the reset has been drawn (a loaded machine may need a few frames).
      await expect.poll(async () => (await canvasShot()).equals(before), { timeout: 10_000 }).toBe(true);

      // Opacity: the slider's lowest value (keyboard) makes the scan see-through.
      await page.locator('.scan-viewer-opacity .ant-slider-handle').focus();
      const handle = page.locator('.scan-viewer-opacity .ant-slider-handle');
      await page.keyboard.press('Home');
      await expect(handle.getAttribute('aria-valuenow')).resolves.toBe('10');
      expect((await changedFrom(before)).equals(before)).toBe(false);
      await closePreview();
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    'shows the viewer at 390, 768 and 1440 px without sideways scrolling',
    { timeout: 300_000 },
    async () => {
      const tooWide: string[] = [];
      await openAs(page, base, lab.owner, '/v5/case');
      for (const size of [PHONE, TABLET, DESKTOP]) {
        await resize(page, size);
        await openCaseList(page, base);
        await openPreview(caseRow(PATIENT));
        await waitForFirstFrame();
        // The canvas takes a real share of the screen, once it has followed the page's size (issue 32: from 768 px
        // the case's page shares the width with its side panel).
        const box = async () => (await page.getByTestId('viewer-canvas').boundingBox())!;
        await expect
          .poll(async () => (await box()).width, { timeout: 10_000 })
          .toBeGreaterThan(size.width * (size.width < TABLET.width ? 0.6 : 0.35));
        await expect
          .poll(async () => (await box()).height, { timeout: 10_000 })
          .toBeGreaterThan(size.height * 0.35);
        if ((await overflowOf(page)) > 0) tooWide.push(String(size.width));
        await page.screenshot({ path: path.join(SHOTS, `preview-${size.width}.png`) });
        await closePreview();
      }
      expect(tooWide).toEqual([]);
    },
  );

  it(
    'an encrypted case offers no preview; opened by its link, it is refused with the catalogue message',
    { timeout: 300_000 },
    async () => {
      // The server never holds the scan in clear: the row offers no preview (cases.access), and the preview's own
      // link (`?preview=<id>`) shows the refusal.
      const id = await p.kase(scanner, clinic.owner, {
        patientName: 'Sealed Patient',
        caseType: 3,
        crypto: true,
      });
      await openAs(page, base, lab.owner, `/v5/case?preview=${id}`);
      await page.getByTestId('case-page-viewer').waitFor();
      const refused = page.getByTestId('case-viewer-refused');
      await refused.waitFor();
      await expect(refused.innerText()).resolves.toContain(text('errors.case.encryptedNoConversion'));
      await journey.shot('preview-refused');
      await closePreview();
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
