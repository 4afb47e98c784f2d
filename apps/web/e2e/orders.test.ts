import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { DEMO_ORDER_FORM } from '../../server/src/demo/seed-orders.ts';
import { openCaseList, e2eTempDir, startJourney, type Journey } from './server.ts';
import { atWidths, openAs, openCasesAs } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The order-form journey of issue 12 in a real browser against a real server: a fresh lab (order page flag on, the
 * demo's form "Material" published as version 1) finds /customizeOrder in its menu, adds a mandatory dropdown "Shade"
 * with a sub-option (a second "A1" is refused with the catalogue's words) and synchronizes (version 2). A fresh
 * clinic whose scanner sends it restorations imports a case through the web import: the lab's form shows; the import
 * is refused until the mandatory fields are filled (the browser's prompts, then the server's refusal of a value the
 * browser did not send, marked at its field); the case detail then shows the filled form. The import dialog, the
 * detail and the emptied designer are photographed at 390, 768 and 1440 px and must not be wider than the window
 * (the designer as a route: responsive.test.ts).
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)),
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string,
  );
const SHOTS = '/tmp/shots-orders';

describe('order forms in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];

  const shot = (name: string) => journey.shot(`orders-${name}`);
  /** Photographs the state at every width, noting any that scrolls sideways; `ready` is what shows it. */
  async function atEveryWidth(name: string, ready?: () => Promise<unknown>) {
    tooWide.push(...(await atWidths(page, SHOTS, `orders-${name}`, ready)));
  }
  /** Picks the option of an open Select whose text is exactly `label`. */
  async function choose(select: Locator, label: string) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ has: page.getByText(label, { exact: true }) })
      .first()
      .click();
  }

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  it(
    'the lab designs a form with a mandatory dropdown; the clinic is refused until it fills it',
    { timeout: 600_000 },
    async () => {
      // A lab with the demo's order form (version 1); a clinic whose scanner sends it restorations.
      const p = people(journey.app);
      const lab = await p.lab('Order Lab');
      await p.orderForm(lab, DEMO_ORDER_FORM);
      const clinic = await p.clinic('Order Clinic');
      const scanner = await p.device(clinic, { name: 'Order scanner' });
      await p.receiver(scanner, lab, { caseType: 3 });
      await openAs(page, base, lab.owner);

      // The order flag is on for the lab: the menu offers the designer.
      await page.locator('.ant-menu').getByText(text('routes.customizeOrder'), { exact: true }).click();
      await page.waitForURL(/\/v5\/customizeOrder$/);
      const designer = page.getByTestId('order-form-page');
      await designer.waitFor();
      await expect(page.getByTestId('order-published').innerText()).resolves.toBe(
        text('orders.sync.published', { version: 1 }),
      );
      await page.getByTestId('order-field-row-Material').waitFor();
      expect(await page.getByTestId('order-changed').count()).toBe(0);

      // Name and type are required: the dialog says so in the catalogue's words.
      await page.getByTestId('order-add-field').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: text('orders.dialog.addTitle') });
      await dialog.waitFor();
      await page.getByTestId('order-field-save').click();
      await dialog.getByText(text('errors.orderForm.nameRequired')).waitFor();
      await dialog.getByText(text('errors.orderForm.typeRequired')).waitFor();
      // A taken name is refused.
      await dialog.locator('input#orderField_name').fill('material');
      await dialog.getByText(text('errors.orderForm.nameExists')).waitFor();
      await dialog.locator('input#orderField_name').fill('Shade');
      await choose(
        dialog.locator('#orderField_type').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
        text('orders.types.dropdown'),
      );
      await page.getByTestId('order-field-mandatory').click();
      const optionInput = dialog.getByTestId('order-option-input');
      for (const option of ['A1', 'B2']) {
        await optionInput.fill(option);
        await optionInput.press('Enter');
        await dialog.locator('.ant-tag', { hasText: option }).waitFor();
      }
      // An existing option is refused (§8.5).
      await optionInput.fill('a1');
      await optionInput.press('Enter');
      await dialog.getByRole('alert').getByText(text('errors.orderForm.optionExists')).waitFor();
      await optionInput.fill('');
      // A sub-option under A1.
      await dialog
        .locator('.ant-tag', { hasText: 'A1' })
        .locator('xpath=ancestor::div[contains(@class,"ant-flex")][1]')
        .getByText(text('orders.options.addSub'))
        .click();
      const subInput = dialog.getByTestId('order-sub-option-input');
      await subInput.fill('Light');
      await subInput.press('Enter');
      await dialog.locator('.ant-tag', { hasText: 'Light' }).waitFor();
      await shot('designer-dialog');
      await page.getByTestId('order-field-save').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('order-field-row-Shade').waitFor();
      await page.getByTestId('order-changed').getByText(text('orders.sync.changed')).waitFor();
      // The preview shows the form as a clinic sees it, prompts included.
      const preview = page.getByTestId('order-preview');
      await preview.getByTestId('order-field-Shade').waitFor();
      await page.getByTestId('order-preview-check').click();
      await preview.getByText(text('orders.fill.select', { name: 'Shade' })).waitFor();
      await preview.getByText(text('orders.fill.select', { name: 'Material' })).waitFor();

      // Moving Shade up puts it first.
      await page.getByRole('button', { name: text('orders.list.up', { name: 'Shade' }) }).click();
      await expect
        .poll(() =>
          page
            .getByTestId('order-field-list')
            .locator('[data-testid^=order-field-row-]')
            .first()
            .getAttribute('data-testid'),
        )
        .toBe('order-field-row-Shade');

      // Resetting asks first; cancelled, the draft stays.
      await page.getByTestId('order-reset').click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: text('orders.reset.title') });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: text('common.cancel') }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page.getByTestId('order-field-row-Shade').waitFor();

      await page.getByTestId('order-sync').click();
      await journey.toast(text('orders.sync.done', { version: 2 }));
      await page
        .getByTestId('order-published')
        .getByText(text('orders.sync.published', { version: 2 }))
        .waitFor();
      expect(await page.getByTestId('order-changed').count()).toBe(0);

      // The clinic imports a restoration for the lab through the web. Its contact person is its dentist.
      const contact = await clinic.owner.call('PUT', '/api2/cust', { contact: 'Dr. Mia Order' });
      expect(contact.body.success).toBe(true);
      await openCasesAs(page, base, clinic.owner);
      const folder = e2eTempDir('archway-orders-');
      writeFileSync(path.join(folder, 'upper.ply'), sampleArchPly({ seed: 11 }));
      const importDialog = page.locator('.ant-modal').filter({ hasText: text('cases.import.title') });
      async function openImport() {
        if (await importDialog.isVisible()) return;
        await page.getByTestId('case-import').click();
        await importDialog.waitFor();
      }
      await openImport();
      // Issue 33 §6: what is known comes filled (the clinic's name, its contact person as the doctor, its only
      // device); the patient is never filled.
      const fieldValue = (id: string) => importDialog.locator(`input#caseImport_${id}`).inputValue();
      await expect.poll(() => fieldValue('clinic')).toBe(clinic.name);
      await expect.poll(() => fieldValue('doctor')).toBe('Dr. Mia Order');
      await importDialog
        .locator('#caseImport_device')
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
        .getByText('Order scanner', { exact: false })
        .waitFor();
      expect(await fieldValue('patientName')).toBe('');
      await page.getByTestId('import-device').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .first()
        .click();
      await importDialog.locator('input#caseImport_patientName').fill('Order Form');
      await choose(
        importDialog
          .locator('#caseImport_caseType')
          .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]'),
        text('caseType.restoration'),
      );
      await importDialog.locator('input[type=file]').setInputFiles(path.join(folder, 'upper.ply'));
      const labForm = importDialog.getByTestId(`import-order-form-${lab.custId}`);
      await labForm.getByText(text('cases.import.requiredBy', { name: lab.name })).waitFor();
      await labForm.getByText(text('orders.fill.version', { version: 2 })).waitFor();
      // The lab's required fields come first (above the patient and the files) and are marked as required.
      const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
      expect(await top(labForm)).toBeLessThan(
        await top(importDialog.locator('input#caseImport_patientName')),
      );
      expect(await top(labForm)).toBeLessThan(await top(importDialog.locator('.ant-upload-drag').first()));
      for (const name of ['Material', 'Shade'])
        await labForm.getByTestId(`order-field-${name}`).locator('label.ant-form-item-required').waitFor();

      // Refused until the mandatory fields are filled: each says what it needs.
      await importDialog.getByTestId('import-submit').click();
      await labForm.getByText(text('orders.fill.select', { name: 'Shade' })).waitFor();
      await labForm.getByText(text('orders.fill.select', { name: 'Material' })).waitFor();
      expect(await importDialog.getByTestId('import-progress').count()).toBe(0);
      await atEveryWidth('import', async () => {
        await openImport();
        await labForm.scrollIntoViewIfNeeded();
        await labForm.getByText(text('orders.fill.select', { name: 'Shade' })).waitFor();
      });

      await choose(labForm.getByTestId('order-field-Material').locator('.ant-select').first(), 'zirconia');
      await choose(labForm.getByTestId('order-field-Shade').locator('.ant-select').first(), 'A1');
      await choose(labForm.getByTestId('order-field-Shade').locator('.ant-select').nth(1), 'Light');
      await expect
        .poll(() => labForm.getByText(text('orders.fill.select', { name: 'Shade' })).count())
        .toBe(0);

      // The server checks too: a complete call without Shade is refused, and Shade is marked with its prompt.
      let stripped = 0;
      await page.route('**/api/case/upload/complete', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as {
          orderFields?: Record<string, unknown>;
        };
        if (stripped++ === 0 && body.orderFields) delete body.orderFields.Shade;
        await route.continue({ postData: JSON.stringify(body) });
      });
      await importDialog.getByTestId('import-submit').click();
      await journey.toast(text('errors.orderForm.fieldRequired'));
      await labForm.getByText(text('orders.fill.select', { name: 'Shade' })).waitFor();
      await shot('import-server-refusal');
      // Sent again with every value, the import goes through.
      await importDialog.getByTestId('import-submit').click();
      await journey.toast(text('cases.import.done'));
      await page.unroute('**/api/case/upload/complete');
      expect(stripped).toBe(2);

      // The next import, on a phone: the person's last choices come back (device, case type, the lab's Material),
      // the patient's name and the per-patient Shade do not. Filling what is marked, the first Import goes through
      // without a validation error, and the upload's progress stays in view above the fold.
      const wide = page.viewportSize();
      await page.setViewportSize({ width: 390, height: 844 });
      await openImport();
      const material = labForm.getByTestId('order-field-Material');
      await material.getByText('zirconia', { exact: true }).waitFor();
      await importDialog
        .locator('#caseImport_caseType')
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
        .getByText(text('caseType.restoration'), { exact: true })
        .waitFor();
      await expect.poll(() => fieldValue('doctor')).toBe('Dr. Mia Order');
      expect(await fieldValue('patientName')).toBe('');
      expect(
        await labForm.getByTestId('order-field-Shade').locator('.ant-select-selection-item').count(),
      ).toBe(0);
      const remembered = await page.evaluate(() =>
        Object.keys(localStorage)
          .filter((key) => key.startsWith('archway-import-choices:'))
          .map((key) => localStorage.getItem(key) ?? ''),
      );
      expect(remembered).toHaveLength(1);
      expect(remembered[0]).toContain('zirconia');
      expect(remembered[0]).not.toContain('Order Form');
      expect(remembered[0]).not.toContain('Shade');
      // On a phone the marked box is in the first screen of the dialog.
      const phoneBox = await labForm.boundingBox();
      expect(phoneBox && phoneBox.y + phoneBox.height).toBeLessThanOrEqual(844);
      await choose(labForm.getByTestId('order-field-Shade').locator('.ant-select').first(), 'B2');
      await importDialog.locator('input#caseImport_patientName').fill('Second Order');
      await importDialog.locator('input[type=file]').setInputFiles(path.join(folder, 'upper.ply'));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/case/upload/**', async (route) => {
        if (route.request().method() === 'PATCH') await held;
        await route.fallback();
      });
      // Scrolled to the end of the form, as after filling the optional details.
      await importDialog.locator('.ant-modal-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await importDialog.getByTestId('import-submit').click();
      const progress = importDialog.getByTestId('import-progress');
      await progress.waitFor();
      const bar = await progress.boundingBox();
      expect(bar && bar.y >= 0 && bar.y + bar.height <= 844).toBe(true);
      expect(await importDialog.locator('.ant-form-item-explain-error').count()).toBe(0);
      await shot('import-uploading-phone');
      release();
      await journey.toast(text('cases.import.done'));
      await page.unroute('**/api/case/upload/**');
      await importDialog.waitFor({ state: 'hidden' });
      // Opened again, the patient's name is empty again.
      await openImport();
      await material.getByText('zirconia', { exact: true }).waitFor();
      expect(await fieldValue('patientName')).toBe('');
      await page.keyboard.press('Escape');
      await importDialog.waitFor({ state: 'hidden' });
      if (wide) await page.setViewportSize(wide);

      // The case detail shows the filled form: the lab, its version, each field and value.
      const row = page
        .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
        .filter({ has: page.getByTestId('case-patient').getByText('Order Form', { exact: true }) })
        .first();
      async function openDetail() {
        if (await page.getByTestId('case-view-page').isVisible()) return;
        if (!(await row.isVisible())) await openCaseList(page, base, 'case');
        await row.waitFor();
        await row.hover();
        const inline = row.getByTestId('action-detail');
        if ((await inline.count()) > 0) await inline.click();
        else {
          await row.getByTestId('action-more').click();
          await page
            .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
            .filter({ hasText: text('cases.actions.detail') })
            .first()
            .click();
        }
        // The case's page (issue 32) holds the detail.
        await page.getByTestId('case-view-page').waitFor();
      }
      /** The case page's print: in its header, or under its More menu. */
      async function printFromPage() {
        const inline = page.getByTestId('case-page-print');
        if ((await inline.count()) > 0) return inline.first().click();
        await page.getByTestId('case-page-more').first().click();
        await page
          .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
          .filter({ hasText: text('casePage.actions.print') })
          .first()
          .click();
      }
      await openDetail();
      const filled = page.getByTestId(`detail-order-form-${lab.custId}`);
      await filled.getByText(text('orders.filled.title', { name: lab.name })).waitFor();
      await filled.getByText(text('orders.fill.version', { version: 2 })).waitFor();
      await filled.getByText('A1 / Light', { exact: true }).waitFor();
      await filled.getByText('zirconia', { exact: true }).waitFor();
      await atEveryWidth('detail', async () => {
        await openDetail();
        await page.getByTestId('detail-order-forms').scrollIntoViewIfNeeded();
        await filled.getByText('A1 / Light', { exact: true }).waitFor();
      });

      // The lab sees its own copy's form too.
      await openCasesAs(page, base, lab.owner);
      await openDetail();
      await page
        .getByTestId(`detail-order-form-${lab.custId}`)
        .getByText('A1 / Light', { exact: true })
        .waitFor();

      // The printed case sheet carries the filled form too.
      await printFromPage();
      const sheetForm = page.locator('.case-sheet-preview [data-testid=sheet-order-form]');
      await sheetForm.getByText(text('orders.filled.title', { name: lab.name }), { exact: false }).waitFor();
      await sheetForm.getByText('A1 / Light', { exact: true }).waitFor();
      await sheetForm.scrollIntoViewIfNeeded();
      await shot('print-sheet');

      // Removing every field (each after a confirmation) leaves the empty state; synchronizing an empty draft is
      // refused with §8.5's words; starting from the standard form fills the draft with its fields.
      await page.goto(`${base}/v5/customizeOrder`);
      for (const name of ['Shade', 'Material']) {
        await page.getByRole('button', { name: text('orders.list.remove', { name }) }).click();
        const ask = page.locator('.ant-modal-confirm').filter({
          hasText: text('orders.list.removeTitle', { name }),
        });
        await ask.getByRole('button', { name: text('orders.list.removeOk') }).click();
        await page.getByTestId(`order-field-row-${name}`).waitFor({ state: 'detached' });
      }
      await page.getByTestId('order-empty').getByText(text('orders.empty.title')).waitFor();
      await page.getByTestId('order-sync').click();
      await journey.toast(text('errors.orderForm.syncFailed'));
      await atEveryWidth('designer-empty', () =>
        page.getByTestId('order-empty').getByText(text('orders.empty.title')).waitFor(),
      );
      await page.getByTestId('order-start-standard').click();
      await page.getByTestId('order-field-row-Doctor').waitFor();
      await page.getByTestId('order-field-row-Before-prep scan').waitFor();
      await page.getByTestId('order-changed').waitFor();

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
