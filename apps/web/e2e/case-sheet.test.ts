import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CaseType } from '@archway/contract';
import { until } from '../../server/src/testing/poll.ts';
import { openCaseList, SHOTS, e2eTempDir, startJourney, type Journey } from './server.ts';
import { DESKTOP, frames, openAs, PHONE, resize, TABLET } from './support/page.ts';
import { archwayScan, jawPly, people, pngOf } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The printed case sheet (issue 24 item 4): a lab with a report logo and colour (Settings → Report customization)
 * prints a case a clinic's scanner sent it with a filled order form. On paper (print media, and a PDF from Chromium
 * on A4 and on Letter) the sheet carries the lab's logo, the scan's preview image, the filled form and a short case
 * number, never the case's UUID, and fits one page. The dialog is photographed at 390, 768 and 1440 px, the printed
 * sheet at A4's width (jpegs in /tmp/shots).
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** A4's width in CSS pixels (210 mm at 96 px per inch): print emulation laid out as on paper. */
const A4_WIDTH = 794;

/** The pages of a PDF Chromium wrote (each page object is `/Type /Page`, the tree `/Type /Pages`). */
const pagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
/** The images a PDF draws (`/Subtype /Image` XObjects). */
const imagesOf = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;

describe('the printed case sheet in Chromium', () => {
  let journey: Journey;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney();
    page = journey.page;
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** A viewport screenshot as a small jpeg in /tmp/shots. */
  const jpeg = (name: string) =>
    page.screenshot({ path: path.join(SHOTS, `case-sheet-${name}.jpg`), type: 'jpeg', quality: 60 });

  /** The row (table) or card (phone) of a patient's case. */
  const caseRow = (patient: string): Locator =>
    page
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: page.getByTestId('case-patient').getByText(patient, { exact: true }) })
      .first();

  /** A row action: inline, or from the row's More menu. */
  async function rowAction(row: Locator, action: string) {
    await row.hover();
    const inline = row.getByTestId(`action-${action}`);
    if ((await inline.count()) > 0 && (await inline.first().isVisible())) return inline.first().click();
    await row.getByTestId('action-more').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: text(`cases.actions.${action}`) })
      .first()
      .click();
  }

  /** An action of the case's page: in its header, or from its More menu. */
  async function pageAction(action: string) {
    const inline = page.getByTestId(`case-page-${action}`);
    if ((await inline.count()) > 0) return inline.first().click();
    await page.getByTestId('case-page-more').first().click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: text(`casePage.actions.${action}`) })
      .first()
      .click();
  }

  it(
    "prints the lab's logo and colour, the scan's image, the filled form and a short case number on A4 and Letter",
    { timeout: 600_000 },
    async () => {
      const { base, app } = journey;
      const p = people(app);
      const [clinic, lab] = await Promise.all([p.clinic('Sheet Clinic'), p.lab('Sheet Lab')]);
      await p.password(clinic.owner, 'sheet_pw1');
      await p.orderForm(lab);
      const scanner = await p.device(clinic);
      await p.receiver(scanner, lab, { caseType: CaseType.restoration });
      // The lab's report customization: a logo (a 96 px orange square) and a colour.
      await p.uploadLogo(lab.owner, pngOf(96, 96, [230, 120, 20]));
      const colour = await lab.owner.call('POST', '/cust/clinic/setting', { type: 3, fontColor: '#0b7a75' });
      expect(colour.body).toMatchObject({ success: true });

      // The clinic's scanner software sends a restoration with the lab's form filled.
      const scanDir = e2eTempDir('archway-sheet-');
      writeFileSync(path.join(scanDir, 'upper.ply'), jawPly('upper', 7));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'sheet_pw1'],
        ...[
          '--device',
          scanner.serial,
          '--type',
          '3',
          '--patient',
          'Sofia Marques',
          '--doctor',
          'Dr. Lindqvist',
        ],
        ...['--clinic', clinic.name, '--phone', '+46 8 123 456', '--due', '2026-12-01'],
        ...['--teeth', '14,15,16', '--upper', '--field', 'Material=zirconia'],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none', path.join(scanDir, 'upper.ply')],
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const caseId = uploaded.stdout.trim().split('\n').pop()!;
      expect(caseId).toMatch(UUID);
      // The server draws the preview image a few seconds after the upload.
      await until(
        async () => {
          const answer = await lab.owner.call('GET', `/detail/${caseId}`);
          return (answer.body.data as { thumbnail: string | null } | undefined)?.thumbnail ?? undefined;
        },
        { timeoutMs: 60_000, everyMs: 250, what: 'the preview image' },
      );

      // The lab opens the case's print dialog: from its case box to the case's page.
      await openAs(page, base, lab.owner, '/v5/case');
      await openCaseList(page, base, 'case');
      // The detail, now the case's page (issue 32), shows in its header the short number the sheet prints.
      await rowAction(caseRow('Sofia Marques'), 'detail');
      await page.getByTestId('case-view-page').waitFor();
      const header = await page.getByTestId('case-page-number').innerText();
      const shown = /[0-9A-F]{4}-[0-9A-F]{4}/.exec(header)?.[0] ?? header;
      expect(shown).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(caseId.replaceAll('-', '').toUpperCase().startsWith(shown.replace('-', ''))).toBe(true);
      await pageAction('print');
      const preview = page.locator('.case-sheet-preview [data-layout=sheet]');
      await preview.getByText('Sofia Marques').first().waitFor();
      const print = page.getByTestId('print-now');
      // Print waits until the logo and the scan's image are there.
      await expect.poll(() => print.isEnabled(), { timeout: 30_000 }).toBe(true);
      for (const size of [PHONE, TABLET, DESKTOP]) {
        await resize(page, size);
        await jpeg(`dialog-${size.width}`);
      }

      // On paper: the sheet alone, with the logo and the scan's image loaded, the lab's colour, no UUID.
      await page.emulateMedia({ media: 'print' });
      // (Not `resize`: the app's top bar is off paper, so there is no layout of it to wait for.)
      await page.setViewportSize({ width: A4_WIDTH, height: 1123 });
      await page.waitForFunction((width) => window.innerWidth === width, A4_WIDTH);
      await frames(page);
      const sheet = page.locator('.case-print-root [data-layout=sheet]');
      await sheet.waitFor();
      await expect(page.locator('#root').isVisible()).resolves.toBe(false);
      // Laid out on paper's width, nothing reaches past it.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        A4_WIDTH,
      );
      // The sheet itself (a viewport screenshot under print emulation draws it shifted by the body's screen margin).
      await sheet.screenshot({
        path: path.join(SHOTS, `case-sheet-print-${A4_WIDTH}.jpg`),
        type: 'jpeg',
        quality: 60,
      });
      const loaded = (testId: string) =>
        sheet
          .getByTestId(testId)
          .evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:'),
          );
      await expect.poll(() => loaded('sheet-logo')).toBe(true);
      await expect.poll(() => loaded('sheet-scan')).toBe(true);
      const printed = await sheet.innerText();
      expect(printed).not.toMatch(UUID);
      expect(printed).toContain(lab.name);
      expect(printed).toContain('zirconia');
      const number = await sheet.getByTestId('sheet-case-number').innerText();
      expect(number).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(number).toBe(shown);
      const accent = await sheet
        .getByTestId('sheet-header')
        .evaluate((el) => getComputedStyle(el).borderBottomColor);
      expect(accent).toBe('rgb(11, 122, 117)');
      // The label carries the number too, never the UUID.
      await page.emulateMedia({ media: 'screen' });
      await resize(page, DESKTOP);
      await page.getByTestId('print-layout').getByText(text('cases.print.label')).click();
      const label = page.locator('.case-sheet-preview [data-layout=label]');
      await label.getByTestId('sheet-case-number').waitFor();
      expect(await label.innerText()).not.toMatch(UUID);
      await label.scrollIntoViewIfNeeded();
      await jpeg('label-1440');
      await page.getByTestId('print-layout').getByText(text('cases.print.sheet')).click();
      await preview.waitFor();
      await expect.poll(() => print.isEnabled()).toBe(true);

      // As a PDF on A4 and on Letter: one page each, with both pictures on it.
      for (const format of ['A4', 'Letter'] as const) {
        const pdf = await page.pdf({ format, printBackground: true });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pagesOf(pdf), `${format} pages`).toBe(1);
        expect(imagesOf(pdf), `${format} images`).toBeGreaterThanOrEqual(2);
        expect(pdf.toString('latin1')).not.toMatch(UUID);
      }
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
