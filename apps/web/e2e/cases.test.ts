import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { CaseType, ProcessStatus } from '@archway/contract';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { openCaseList, e2eTempDir, startJourney, type Journey } from './server.ts';
import { DESKTOP, openCasesAs, overflowOf, PHONE, resize } from './support/page.ts';
import { archwayScan, people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The case journey of issue 7 in a real browser against a real server: a fresh clinic's scanner sends cases to a
 * fresh lab; the lab finds one on /case, opens the detail, sets its lab progress, downloads the archive (the ring
 * moves, the file is a zip), moves the case to the recycle bin and restores it, and moves another with the batch
 * action. A clinic still sees both of its copies with the lab's progress, and imports a case from the web. On a
 * phone, /case, /caseNot and /recycle fold their filters behind a button and a case's card opens its page: neither
 * may be wider than the window. (The lists at 390, 768 and 1440 px: responsive.test.ts.)
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
/** The text of a key in en, with `{{name}}` and `{{name, format}}` placeholders filled (`rows_one` for a plural text). */
const text = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replace(new RegExp(`\\{\\{${name}(, \\w+)?\\}\\}`, 'g'), String(value)),
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string,
  );

/** A binary STL of `triangles` triangles (its size matches its count, as the server checks). */
function stlOf(triangles: number): Buffer {
  const b = Buffer.alloc(84 + 50 * triangles);
  b.write('archway e2e scan');
  b.writeUInt32LE(triangles, 80);
  for (let i = 84; i + 4 <= b.length; i += 4) b.writeFloatLE((i % 1013) / 10, i);
  return b;
}

describe('cases in Chromium', () => {
  let journey: Journey;
  let page: Page;
  const toast = (text: string) => journey.toast(text);
  let base = '';
  let p: People;
  /** What this test found wider than the window (each test starts it empty). */
  const tooWide: string[] = [];

  /** A screenshot of what shows (reduced motion: dialogs do not slide). */
  const shot = (name: string) => journey.shot(`cases-${name}`);

  /**
   * A clinic whose scanner sends restorations and orthodontics to a lab (which asks for a material on its order form,
   * as the demo's lab does); the clinic's owner signs in to the scanner software with `clinic_pw1`.
   */
  async function clinicAndLab() {
    const [clinic, lab] = await Promise.all([p.clinic('Case Clinic'), p.lab('Case Lab')]);
    await p.password(clinic.owner, 'clinic_pw1');
    await p.orderForm(lab);
    const scanner = await p.device(clinic, { name: clinic.name });
    await p.receiver(scanner, lab, { caseType: CaseType.restoration });
    await p.receiver(scanner, lab, { caseType: CaseType.orthodontics });
    return { clinic, lab, scanner };
  }

  /** The id of the case of `patient` as `org` holds it (each side holds its own copy). */
  async function caseIdOf(org: OrgRef, patient: string): Promise<string> {
    const answer = await org.owner.call('POST', '/getpaging', {
      pageIndex: 1,
      pageSize: 15,
      keyword: patient,
    });
    const [row] = answer.body.data.records as { id: string }[];
    return row!.id;
  }

  /** The row (table) or card (phone) of a patient's case. */
  const caseRow = (patient: string): Locator =>
    page
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: page.getByTestId('case-patient').getByText(patient, { exact: true }) })
      .first();

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

  /** A row action: inline, or from the row's More menu. */
  async function rowAction(row: Locator, action: string) {
    await row.hover();
    const inline = row.getByTestId(`action-${action}`);
    if ((await inline.count()) > 0)
      return inline.click().catch(async (error: unknown) => {
        await journey.shot(`cases-failed-${action}`);
        throw error;
      });
    await row.getByTestId('action-more').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: text(`cases.actions.${action}`) })
      .first()
      .click();
  }

  /** Picks the option of a Select whose text is exactly `label`. */
  async function choose(select: Locator, label: string) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ has: page.getByText(label, { exact: true }) })
      .first()
      .click();
  }

  /**
   * A case list on a phone: nothing scrolls sideways, with the filters folded behind their button and open, and (on
   * /case) with a case's detail open as a dialog. Back to 1440 px after.
   */
  async function onAPhone(route: 'case' | 'caseNot' | 'recycle', who: string) {
    await resize(page, PHONE);
    await openCaseList(page, base, route);
    const over = await overflowOf(page);
    if (over > 0) tooWide.push(`${who} ${route} 390: ${over} px too wide`);
    await shot(`${who}-${route}-390`);
    // The phone folds the filters behind a button.
    await page.getByTestId('filter-toggle').click();
    await page.getByTestId('filter-case-type').waitFor();
    if ((await overflowOf(page)) > 0) tooWide.push(`${who} ${route} 390 filters open`);
    await shot(`${who}-${route}-390-filters`);
    if (route === 'case') {
      // A case's compact card opens its page (issue 32); Back returns to the list as it was.
      await page.locator('.case-list [data-testid=table-card]').first().getByTestId('case-open').click();
      await page.getByTestId('case-page-header').waitFor();
      if ((await overflowOf(page)) > 0) tooWide.push(`${who} ${route} 390 case page`);
      await shot(`${who}-page-390`);
      await page.goBack();
      await page.getByTestId('filter-case-type').waitFor();
    }
    await resize(page, DESKTOP);
  }

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'the lab works a case from the clinic: detail, lab progress, download, bin and back',
    { timeout: 600_000 },
    async () => {
      tooWide.length = 0;
      // The clinic's scanner sends to the lab (restoration and orthodontics).
      const { clinic, lab, scanner } = await clinicAndLab();
      // The clinic's scanner software: archway-scan, as a script or a partner runs it.
      const scanDir = e2eTempDir('archway-scan-');
      writeFileSync(path.join(scanDir, 'upper.ply'), sampleArchPly({ seed: 3 }));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'clinic_pw1'],
        ...['--device', scanner.serial, '--type', '3', '--patient', 'Li Lei', '--doctor', 'Dr. Wang'],
        ...['--clinic', clinic.name],
        ...['--phone', '+86 10 1234 5678', '--due', '2026-12-01', '--remark', 'Shade matched under daylight'],
        ...['--teeth', '11,21,36', '--upper', '--material', 'Zirconia'],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none', path.join(scanDir, 'upper.ply')],
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      expect(uploaded.stdout.trim().split('\n').pop()).toMatch(/^[0-9a-f-]{36}$/);
      await p.kase(scanner, clinic.owner, { patientName: 'Anna Berg', caseType: 1, doctor: 'Dr. Berg' });
      await p.kase(scanner, clinic.owner, {
        patientName: 'Old Patient',
        caseType: 3,
        createdAt: new Date(Date.now() - 120 * 86_400_000),
      });

      // The lab's case box: received from the clinic.
      // Signed in as the person, straight to the loaded list (one page load).
      await openCasesAs(page, base, lab.owner);
      const row = caseRow('Li Lei');
      await row.waitFor();
      await expect(row.innerText()).resolves.toContain(clinic.name);
      await expect(row.innerText()).resolves.toContain(text('cases.direction.received'));
      await expect(row.innerText()).resolves.toContain(text('cases.downloaded.no'));
      // Preview opens the 3D viewer (e2e/preview.test.ts); past 90 days it is disabled and says why.
      await expect(row.getByTestId('action-preview').isDisabled()).resolves.toBe(false);
      await caseRow('Old Patient').getByTestId('action-preview-wrap').hover();
      await page.locator('.ant-tooltip').getByText(text('errors.case.previewExpired')).waitFor();
      await shot('lab-case-1440');

      // Filters: the lab sent nothing, so "sent" is empty and says how to get back; the type filter narrows.
      await choose(page.getByTestId('filter-direction'), text('cases.direction.sent'));
      const empty = page.getByTestId('case-empty');
      await empty.getByText(text('cases.empty.filtered')).waitFor();
      await empty.getByRole('button', { name: text('cases.filters.clear') }).click();
      await caseRow('Anna Berg').waitFor();
      await choose(page.getByTestId('filter-case-type'), text('caseType.orthodontics'));
      await caseRow('Li Lei').waitFor({ state: 'detached' });
      await caseRow('Anna Berg').waitFor();
      await page.getByTestId('filter-clear').click();
      await caseRow('Li Lei').waitFor();

      // The detail opens the case's page (issue 32): every field, and the lab progress dropdown (5 "checked in" only
      // while at 1).
      await rowAction(row, 'detail');
      await page.waitForURL(/\/v5\/case\/[^/?]+\?tab=details$/);
      const detail = page.getByTestId('case-view-page');
      await detail.waitFor();
      await expect(page.getByTestId('case-page-patient').innerText()).resolves.toContain('Li Lei');
      for (const value of ['Dr. Wang', '+86 10 1234 5678', 'Shade matched under daylight', 'Zirconia'])
        await detail.getByText(value).first().waitFor();
      const teeth = await page.getByTestId('case-page-teeth').innerText();
      for (const tooth of ['11', '21', '36']) expect(teeth).toContain(tooth);
      const progress = page.getByTestId('process-status');
      await progress.click();
      const options = page.locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      );
      await options.first().waitFor();
      const offered = await options.allInnerTexts();
      expect(offered).toContain(text('cases.progress.processing'));
      await shot('lab-detail-progress');
      // (A re-render of the case, e.g. its preview image arriving, may close the list: then it is opened again.)
      for (let attempt = 1; ; attempt++) {
        try {
          if (!(await options.first().isVisible())) await progress.click();
          await options
            .filter({ hasText: text('cases.progress.processing') })
            .first()
            .click({ timeout: 10_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await toast(text('cases.progress.changed'));
      await progress.getByText(text('cases.progress.processing')).waitFor();
      // Now past 1: "checked in" is no longer offered.
      await progress.click();
      await options.first().waitFor();
      expect(await options.allInnerTexts()).not.toContain(text('cases.progress.checkedIn'));
      await page.keyboard.press('Escape');

      // The print dialog from the case's page, in both layouts.
      await pageAction('print');
      await page.locator('.case-sheet-preview [data-layout=sheet]').getByText('Li Lei').first().waitFor();
      await shot('lab-print-sheet');
      // Printing shows the sheet alone.
      await page.emulateMedia({ media: 'print' });
      await page.locator('.case-print-root [data-layout=sheet]').waitFor();
      await expect(page.locator('#root').isVisible()).resolves.toBe(false);
      await shot('lab-print-media');
      await page.emulateMedia({ media: 'screen' });
      await page.getByTestId('print-layout').getByText(text('cases.print.label')).click();
      await page.locator('.case-sheet-preview [data-layout=label]').waitFor();
      await shot('lab-print-label');
      await page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-close').last().click();
      await page.locator('.ant-modal').first().waitFor({ state: 'detached' });
      // Back to the list, as it was.
      await page.goBack();
      await row.waitFor();

      // Download on a slow line: the ring moves, the saved file is a zip, the case counts as downloaded.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 12 * 1024,
        uploadThroughput: -1,
      });
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { percents: string[] }).percents = seen;
        new MutationObserver((records) => {
          for (const r of records) {
            const value = (r.target as HTMLElement).getAttribute?.('data-percent');
            if (value) seen.push(value);
          }
        }).observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['data-percent'],
          childList: true,
        });
      });
      const saved = page.waitForEvent('download');
      await rowAction(row, 'download');
      await row.getByTestId('download-ring').waitFor();
      await shot('lab-downloading');
      const download = await saved;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const file = readFileSync((await download.path())!);
      expect(file.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const percents = (
        await page.evaluate(() => (window as unknown as { percents: string[] }).percents)
      ).map(Number);
      expect(percents.some((p) => p > 0 && p < 100)).toBe(true);
      expect(percents.at(-1)).toBe(100);
      await row.getByText(text('cases.downloaded.yes'), { exact: true }).waitFor();

      // To the recycle bin (confirmed first), gone from the box; restored from /recycle.
      await rowAction(row, 'recycle');
      await page.locator('.ant-modal-confirm-title').getByText(text('cases.confirm.recycleTitle')).waitFor();
      await page.locator('#case-confirm-ok').click();
      await toast(text('cases.messages.moved_one', { count: 1 }));
      await caseRow('Li Lei').waitFor({ state: 'detached' });
      await openCaseList(page, base, 'recycle');
      const binned = caseRow('Li Lei');
      await binned.waitFor();
      await shot('lab-recycle-1440');
      await rowAction(binned, 'restore');
      await toast(text('cases.messages.restored_one', { count: 1 }));
      await page.getByTestId('case-empty').getByText(text('cases.empty.recycle')).waitFor();
      await openCaseList(page, base, 'case');
      await caseRow('Li Lei').waitFor();

      // Batch: select Anna Berg's case and move it (confirmed), so the bin has something to show.
      await caseRow('Anna Berg').getByTestId('case-select').click();
      await page
        .getByTestId('case-selected-count')
        .getByText(text('cases.batch.selected_one', { count: 1 }))
        .waitFor();
      await page.getByTestId('batch-recycle').click();
      await page.locator('#case-confirm-ok').click();
      await toast(text('cases.messages.moved_one', { count: 1 }));
      await caseRow('Anna Berg').waitFor({ state: 'detached' });

      await onAPhone('case', 'lab');
      await onAPhone('caseNot', 'lab');
      await onAPhone('recycle', 'lab');
      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    "the clinic still sees both copies with the lab's progress, and imports a case the lab receives",
    { timeout: 600_000 },
    async () => {
      tooWide.length = 0;
      // The clinic sent two cases; the lab works on one of them.
      const { clinic, lab, scanner } = await clinicAndLab();
      await p.kase(scanner, clinic.owner, { patientName: 'Li Lei', caseType: CaseType.restoration });
      await p.kase(scanner, clinic.owner, { patientName: 'Anna Berg', caseType: CaseType.orthodontics });
      const working = await lab.owner.call(
        'PUT',
        `/processStatus?id=${await caseIdOf(lab, 'Li Lei')}&status=${ProcessStatus.processing}`,
      );
      expect(working.body.success).toBe(true);

      // Signed in as the person, straight to the loaded list (one page load).
      await openCasesAs(page, base, clinic.owner);
      for (const patient of ['Li Lei', 'Anna Berg']) {
        const row = caseRow(patient);
        await row.waitFor();
        await expect(row.innerText()).resolves.toContain(lab.name);
        await expect(row.innerText()).resolves.toContain(text('cases.direction.sent'));
      }
      // A clinic sees the reduced card: no format column offered.
      await page.getByTestId('column-chooser').click();
      await page.getByTestId('column-pref-party').waitFor();
      expect(await page.getByTestId('column-pref-format').count()).toBe(0);
      await page.getByTestId('column-chooser').click();
      await page.getByTestId('column-pref-party').waitFor({ state: 'hidden' });

      await rowAction(caseRow('Li Lei'), 'detail');
      await page.getByTestId('case-view-page').getByText(lab.name).first().waitFor();
      // The lab's progress, with the lab's name.
      await page
        .getByTestId('case-page-progress')
        .locator('.ant-tag', { hasText: text('cases.progress.processing') })
        .first()
        .waitFor();
      expect(await page.getByTestId('process-status').count()).toBe(0);
      await shot('clinic-detail');
      await page.goBack();
      await caseRow('Li Lei').waitFor();

      // The clinic imports a case from the web with its scanner: the files go up (tus), the lab receives it.
      const dialog = page.locator('.ant-modal').filter({ hasText: text('cases.import.title') });
      const folder = e2eTempDir('archway-import-');
      writeFileSync(path.join(folder, 'upper.ply'), sampleArchPly({ seed: 7 }));
      writeFileSync(path.join(folder, 'notes.txt'), 'not a scan');
      /** Opens the import dialog and fills it for a restoration of `patient` with `file`. */
      async function fillImport(patient: string, file?: string) {
        await page.getByTestId('case-import').click();
        await dialog.waitFor();
        await page.getByTestId('import-device').click();
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
          .first()
          .click();
        await dialog.locator('input#caseImport_patientName').fill(patient);
        await choose(
          dialog
            .locator('#caseImport_caseType')
            .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
          text('caseType.restoration'),
        );
        if (file) await dialog.locator('input[type=file]').setInputFiles(file);
        // The lab's order form (the demo's mandatory "Material" dropdown) is filled too.
        await choose(dialog.getByTestId('order-field-Material').locator('.ant-select').first(), 'zirconia');
      }
      await page.getByTestId('case-import').click();
      await dialog.waitFor();
      await dialog.getByTestId('import-submit').click();
      await dialog.getByText(text('cases.import.patientRequired')).waitFor();
      await dialog.getByText(text('cases.import.filesRequired')).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await fillImport('Web Import', path.join(folder, 'notes.txt'));
      await dialog.getByTestId('import-file-error').getByText(text('errors.case.badFile')).waitFor();
      await dialog.locator('input[type=file]').setInputFiles(path.join(folder, 'upper.ply'));
      await shot('clinic-import');
      await dialog.getByTestId('import-submit').click();
      await toast(text('cases.import.done'));
      await caseRow('Web Import').waitFor();

      // Resumable: a 20 MB scan goes up in 16 MB pieces (UPLOAD_CHUNK). A dropped piece is sent again by itself;
      // when the line stays down the import fails, and importing the same file again continues the same upload.
      writeFileSync(path.join(folder, 'big.stl'), stlOf(400_000));
      let created = 0;
      let line: 'up' | 'drop once' | 'down' = 'drop once';
      await page.route('**/api/case/upload/**', async (route) => {
        const req = route.request();
        if (req.method() === 'POST' && !req.url().endsWith('/complete')) created++;
        const later = req.method() === 'PATCH' && req.headers()['upload-offset'] !== '0';
        if (later && line === 'drop once') {
          line = 'up';
          return route.abort('connectionreset');
        }
        if (later && line === 'down') return route.abort('connectionreset');
        return route.fallback();
      });
      await fillImport('Dropped Once', path.join(folder, 'big.stl'));
      await dialog.getByTestId('import-submit').click();
      await toast(text('cases.import.done'));
      expect({ created, line }).toEqual({ created: 1, line: 'up' });
      await caseRow('Dropped Once').waitFor();

      created = 0;
      line = 'down';
      await fillImport('Line Down', path.join(folder, 'big.stl'));
      await dialog.getByTestId('import-submit').click();
      await toast(text('errors.case.uploadFailed'));
      await shot('clinic-import-failed');
      line = 'up';
      await dialog.getByTestId('import-submit').click();
      await toast(text('cases.import.done'));
      expect(created).toBe(1);
      await page.unroute('**/api/case/upload/**');
      await caseRow('Line Down').waitFor();

      await onAPhone('case', 'clinic');
      await onAPhone('recycle', 'clinic');
      // Signed in as the person, straight to the loaded list (one page load).
      await openCasesAs(page, base, lab.owner);
      await caseRow('Web Import').waitFor();
      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
