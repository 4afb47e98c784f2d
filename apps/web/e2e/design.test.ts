import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openCaseList, startJourney, type Journey } from './server.ts';
import { atWidths, caseListShown, openAs } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Case design in a real browser against a real server: a fresh clinic opens a case it sent to a fresh lab from its
 * detail ("Design the teeth"), selects 14–16 by click and keyboard, makes 14 and 16 zirconia crowns and 15 a pontic
 * in A2, connects them as a bridge, writes a note and saves; the chart comes back after a reload. The lab sees the
 * chart in the case detail, opens the design read-only and answers with a design note; the clinic sees the note on
 * /caseDesign and in the detail, and the printed sheet carries the chart in its colours. /caseDesign is photographed
 * at 390, 768 and 1440 px for both sides (the clinic's editor unsaved too) and must not be wider than the window.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)),
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string,
  );

const SHOTS = '/tmp/shots-design';
const PATIENT = 'Mara Design';

describe('case design in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let caseId = '';
  const tooWide: string[] = [];

  const shot = (name: string) => journey.shot(`design-${name}`);
  const tooth = (root: Locator | Page, n: number) => root.locator(`[data-tooth="${n}"]`);

  /** Picks a Select's option by its title (the option's text). */
  async function choose(select: Locator, title: string) {
    await select.click();
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`,
      )
      .first()
      .click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .waitFor({ state: 'detached', timeout: 3000 })
      .catch(() => page.keyboard.press('Escape'));
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

  /**
   * The case's row (table) or card (phone) in the case box (opened unless `openAs` just did), and its detail: the
   * case's page (issue 32), whose details hold the design section.
   */
  async function openDetail(go = true) {
    if (go) await openCaseList(page, base, 'case');
    else await caseListShown(page);
    const row = page
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: page.getByTestId('case-patient').getByText(PATIENT, { exact: true }) })
      .first();
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
    await page.getByTestId('case-view-page').waitFor();
    return page.getByTestId('case-design-section');
  }

  /** Every width: a screenshot of /caseDesign as it is now and the check that nothing scrolls sideways. */
  const atEveryWidth = async (who: string, ready?: () => Promise<unknown>) =>
    tooWide.push(...(await atWidths(page, SHOTS, `design-${who}`, ready)));

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'the clinic designs a bridge, the lab answers, both see it, the sheet prints it',
    { timeout: 600_000 },
    async () => {
      const p = people(journey.app);
      const lab = await p.lab();
      const clinic = await p.clinic();
      const scanner = await p.device(clinic);
      await p.receiver(scanner, lab, { caseType: 3 });
      caseId = await p.kase(scanner, clinic.owner, { patientName: PATIENT, caseType: 3, doctor: 'Dr. Vega' });
      await openAs(page, base, clinic.owner, '/v5/case');

      // The clinic's detail: no design yet, and the way to make one.
      let section = await openDetail(false);
      await section.getByText(text('design.empty.sender')).waitFor();
      await shot('clinic-detail-empty');
      await section.getByTestId('open-design').click();
      await page.waitForURL(/\/v5\/caseDesign\?id=/);
      await page.getByTestId('case-view-page').waitFor({ state: 'detached' });
      const chart = page.getByTestId('design-chart');
      await chart.waitFor();
      await page.getByTestId('design-case').getByText(PATIENT).waitFor();
      await expect(page.getByTestId('design-save').isDisabled()).resolves.toBe(true);
      // The orders group stays active in the menu while /caseDesign (not in the menu) is open.
      await shot('clinic-empty-1440');

      // 14, 15 and 16 by click: zirconia (Katana) crowns in A2.
      for (const n of [14, 15, 16]) await tooth(chart, n).click();
      await expect(tooth(chart, 15).getAttribute('aria-checked')).resolves.toBe('true');
      await page
        .getByTestId('design-panel')
        .getByText(text('design.panel.selected', { teeth: '14, 15, 16' }))
        .waitFor();
      await choose(page.getByTestId('design-kind'), text('design.kinds.AnatomicCrown'));
      await choose(page.getByTestId('design-material'), text('design.materials.zirconia-katana'));
      await choose(page.getByTestId('design-shade'), 'A2');
      for (const n of [14, 15, 16])
        await expect(tooth(chart, n).getAttribute('data-kind')).resolves.toBe('AnatomicCrown');

      // 15 alone by keyboard (16, arrow right, space) becomes the pontic.
      await page.getByRole('button', { name: text('design.panel.deselect') }).click();
      await tooth(chart, 16).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Space');
      await expect(tooth(chart, 15).getAttribute('aria-checked')).resolves.toBe('true');
      await expect(tooth(chart, 16).getAttribute('aria-checked')).resolves.toBe('false');
      await choose(page.getByTestId('design-kind'), text('design.kinds.AnatomicPontic'));
      await expect(tooth(chart, 15).getAttribute('data-kind')).resolves.toBe('AnatomicPontic');

      // Not neighbours: no bridge; 14–16 are.
      await page.getByRole('button', { name: text('design.panel.deselect') }).click();
      await tooth(chart, 14).click();
      await tooth(chart, 16).click();
      await expect(page.getByTestId('design-connect').isDisabled()).resolves.toBe(true);
      await tooth(chart, 15).click();
      await page.getByTestId('design-connect').click();
      await chart.locator('[data-bridge="16-15-14"]').waitFor();
      await page
        .getByTestId('design-note-input')
        .fill('Ovate pontic on 15, light contact. Please check the margin on 16.');
      await page.getByTestId('design-dirty').getByText(text('design.unsaved')).waitFor();
      await atEveryWidth('clinic-editing', () =>
        page.getByTestId('design-dirty').getByText(text('design.unsaved')).waitFor(),
      );
      await page.getByTestId('design-save').click();
      await journey.toast(text('design.saved'));
      await page.getByTestId('design-dirty').getByText(text('design.upToDate')).waitFor();

      // The chart round-trips: after a reload, every tooth, the bridge, the note.
      await page.reload();
      await chart.waitFor();
      await expect(tooth(chart, 14).getAttribute('data-kind')).resolves.toBe('AnatomicCrown');
      await expect(tooth(chart, 15).getAttribute('data-kind')).resolves.toBe('AnatomicPontic');
      await expect(tooth(chart, 16).getAttribute('data-kind')).resolves.toBe('AnatomicCrown');
      await expect(tooth(chart, 15).getAttribute('aria-label')).resolves.toBe(
        [
          text('design.chart.tooth', { tooth: 15 }),
          text('design.kinds.AnatomicPontic'),
          text('design.materials.zirconia-katana'),
          'A2',
        ].join(' · '),
      );
      await chart.locator('[data-bridge="16-15-14"]').waitFor();
      await expect(page.getByTestId('design-note-input').inputValue()).resolves.toContain('Ovate pontic');
      await page.getByTestId('design-notes').getByText(text('design.notes.none')).waitFor();

      // The lab: the chart in the case detail, then its own design note.
      await openAs(page, base, lab.owner, '/v5/case');
      section = await openDetail(false);
      const summary = section.getByTestId('design-summary');
      await summary.waitFor();
      await expect(tooth(summary, 15).getAttribute('data-kind')).resolves.toBe('AnatomicPontic');
      await summary.locator('[data-bridge="16-15-14"]').waitFor();
      await summary.getByText('Ovate pontic', { exact: false }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot('lab-detail');
      await section.getByRole('button', { name: text('design.actions.answer') }).click();
      await page.waitForURL(/\/v5\/caseDesign\?id=/);
      await page.getByTestId('design-summary').waitFor();
      await expect(page.getByTestId('design-save').count()).resolves.toBe(0);
      await expect(page.locator('[data-tooth][role=checkbox]').count()).resolves.toBe(0);
      await page
        .getByTestId('design-own-note-input')
        .fill('Katana STML, ovate pontic 0.5 mm into the tissue.');
      await page.getByTestId('design-own-note-save').click();
      await journey.toast(text('design.notes.saved'));
      await page.reload();
      await page.getByTestId('design-own-note-input').waitFor();
      await atEveryWidth('lab', () => page.getByTestId('design-own-note-input').waitFor());
      await expect(page.getByTestId('design-own-note-input').inputValue()).resolves.toContain('Katana STML');

      // The clinic sees the lab's note on /caseDesign and in the detail; the printed sheet carries the chart.
      await openAs(page, base, clinic.owner, `/v5/caseDesign?id=${caseId}`);
      const labNote = () =>
        page.getByTestId('design-lab-note').getByText('Katana STML', { exact: false }).waitFor();
      await labNote();
      await atEveryWidth('clinic', labNote);
      await expect(page.getByTestId('design-lab-note').innerText()).resolves.toContain(lab.name);
      section = await openDetail();
      await section.getByTestId('design-lab-notes').getByText('Katana STML', { exact: false }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot('clinic-detail');
      await printFromPage();
      const preview = page.locator('.case-sheet-preview [data-testid=design-summary]');
      await preview.waitFor();
      await expect(tooth(preview, 15).getAttribute('data-kind')).resolves.toBe('AnatomicPontic');
      await shot('clinic-print-preview');
      await page.emulateMedia({ media: 'print' });
      const printed = page.locator('.case-print-root [data-testid=design-summary]');
      await printed.waitFor();
      const look = await printed.locator('svg.tooth-chart').evaluate((svg) => ({
        adjust: getComputedStyle(svg).getPropertyValue('print-color-adjust'),
        fill: svg.querySelector('[data-tooth="15"] rect:last-of-type')?.getAttribute('fill'),
      }));
      expect(look).toEqual({ adjust: 'exact', fill: '#be123c' });
      await shot('clinic-print-media');
      await page.emulateMedia({ media: 'screen' });

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
