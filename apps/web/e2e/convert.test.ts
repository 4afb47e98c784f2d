import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startJourney, type Journey } from './server.ts';
import { openCasesAs } from './support/page.ts';
import { jawPly, people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Online conversion (issue 8) in a real browser against a real server: a fresh lab, sent a case of both jaws as the
 * demo cases hold them by a fresh clinic's scanner, converts it to STL from the card's More menu, follows the job in
 * the format conversion dialog and downloads the result, a valid binary STL with the case's triangle count. (The 3D
 * preview's journey is preview.test.ts.)
 */
const en = readLocale('en');
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('format conversion in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** The newest case's row. */
  const caseRow = (): Locator => page.locator('.case-list tr.ant-table-row').first();

  it(
    "the lab converts the case to STL and downloads a binary STL with the case's triangle count",
    { timeout: 300_000 },
    async () => {
      const p = people(journey.app);
      const lab = await p.lab('Convert Lab');
      const clinic = await p.clinic('Convert Clinic');
      const scanner = await p.sendsTo(clinic, lab);
      await p.kase(scanner, clinic.owner, {
        caseType: 3,
        patientName: 'Conversion Patient',
        files: [
          { name: 'upper.ply', body: jawPly('upper', 5) },
          { name: 'lower.ply', body: jawPly('lower', 5) },
        ],
      });
      await openCasesAs(page, base, lab.owner);
      const row = caseRow();
      const id = (await row.getAttribute('data-row-key'))!;
      // The original upper jaw's triangle count, from its PLY header.
      const expected = await page.evaluate(async (caseId) => {
        const auth = { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` };
        const status = await (await fetch(`/api/case/previewStatus?id=${caseId}`, { headers: auth })).json();
        const upper = (status.data.files as { name: string; url: string }[]).find(
          (f) => f.name === 'upper.ply',
        )!;
        const head = await (await fetch(upper.url, { headers: { ...auth, Range: 'bytes=0-1023' } })).text();
        return Number(/element face (\d+)/.exec(head)![1]);
      }, id);
      expect(expected).toBeGreaterThan(1000);

      await row.hover();
      await row.getByTestId('action-more').click();
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
        .filter({ hasText: text('cases.actions.convert') })
        .first()
        .click();
      const dialog = page.getByTestId('convert-dialog');
      await dialog.waitFor();
      // PLY colour cannot be chosen: it is not offered, and one line says why. (Counted once the choices are drawn:
      // the dialog's frame can show before its body under load.)
      await dialog.locator('.ant-radio-wrapper').first().waitFor();
      expect(await page.getByTestId('convert-type-plyColor').count()).toBe(0);
      await expect.poll(() => dialog.locator('.ant-radio-wrapper').count()).toBe(2);
      await expect(page.getByTestId('convert-retired').textContent()).resolves.toBe(
        text('cases.convert.unavailable'),
      );
      await page.getByTestId('convert-type-stl').click();
      await page.getByTestId('convert-start').click();
      await page.locator('[data-testid=convert-job][data-state=done]').waitFor({ timeout: 120_000 });
      await journey.shot('convert-done');
      const files = page.getByTestId('convert-file');
      await expect(files.count()).resolves.toBe(2);
      const upperStl = files.filter({ hasText: 'upper.stl' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        upperStl.getByTestId('convert-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe('upper.stl');
      const stl = readFileSync((await download.path())!);
      const count = stl.readUInt32LE(80);
      expect(count).toBe(expected);
      expect(stl.length).toBe(84 + 50 * count);
      // Every normal is a unit vector or zero (a degenerate triangle): a real binary STL, not bytes of the right size.
      for (let t = 0; t < count; t += 997) {
        const n = [0, 4, 8].map((o) => stl.readFloatLE(84 + 50 * t + o));
        const length = Math.hypot(...n);
        expect(length === 0 || Math.abs(length - 1) < 1e-4).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
