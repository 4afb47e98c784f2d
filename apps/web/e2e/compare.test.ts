import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { archJaw, readMesh, writePly, type Mesh } from '@archway/mesh';
import { startJourney, type Journey } from './server.ts';
import { atWidths, DESKTOP, openAs, PHONE, resize } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The model comparison of issue 12 in Chromium against the real server: a fresh clinic has two visits of one patient
 * (the same jaw scanned twice: the second scan moved and turned as a scanner would place it, with one spot raised
 * 0.4 mm), opens /caseCompare, picks both, compares, watches the job and sees the deviation map (the coloured PLY
 * drawn in WebGL), its legend, the histogram and the figures (a small RMS: the two scans are the same surface), then
 * downloads the PLY. A reload shows the same comparison (the job is in the address); the statistics tab is the
 * screen's second. The empty page, the map and a failed job are photographed at 390, 768 and 1440 px (in
 * /tmp/shots-compare) and must not be wider than the window.
 */

const SHOTS = '/tmp/shots-compare';
const en = readLocale('en') as Record<string, unknown>;
const text = (key: string) => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
};

/** The jaw moved by a rigid motion (turned about z and x, then shifted), with a spot near (x0, y0) raised. */
function moved(mesh: Mesh): Mesh {
  const positions = new Float32Array(mesh.positions);
  const [az, ax] = [(4 * Math.PI) / 180, (2 * Math.PI) / 180];
  const [t0, t1, t2] = [1.2, -0.8, 0.5];
  // The raised spot: on the front teeth (the arch's front is at +y).
  let top = -Infinity;
  let spot = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const score = positions[i + 1]! + positions[i + 2]!;
    if (score > top) [top, spot] = [score, i];
  }
  const [sx, sy, sz] = [positions[spot]!, positions[spot + 1]!, positions[spot + 2]!];
  for (let i = 0; i < positions.length; i += 3) {
    let x = positions[i]!;
    let y = positions[i + 1]!;
    let z = positions[i + 2]!;
    const d = Math.hypot(x - sx, y - sy, z - sz);
    if (d < 3) z += 0.4 * (1 - d / 3);
    [x, y] = [x * Math.cos(az) - y * Math.sin(az), x * Math.sin(az) + y * Math.cos(az)];
    [y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)];
    positions[i] = x + t0;
    positions[i + 1] = y + t1;
    positions[i + 2] = z + t2;
  }
  return { ...mesh, positions, normals: undefined };
}

describe('model comparison in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base: string;
  const jaw = archJaw({ triangles: 40_000, seed: 7 });
  const first = Buffer.from(writePly(jaw));
  const second = Buffer.from(writePly(moved(jaw)));

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });

  afterAll(async () => {
    await journey?.close();
  });

  /** Opens a select and picks the option containing `optionText` (and `search`, typed into the search first). */
  const pick = async (testId: string, optionText: string, search?: string) => {
    await page.getByTestId(testId).click();
    if (search) await page.keyboard.type(search);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: optionText })
      .filter({ hasText: search ?? '' });
    await option.first().click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  };

  it(
    'the clinic compares two scans of one patient and sees the map, the figures and the PLY',
    { timeout: 600_000 },
    async () => {
      const f = people(journey.app);
      const clinic = await f.clinic();
      const owner = clinic.owner;
      const scanner = await f.device(clinic);
      const tooWide: string[] = [];
      const widths = async (name: string, ready?: () => Promise<unknown>) =>
        tooWide.push(...(await atWidths(page, SHOTS, name, ready)));
      const month = 30 * 24 * 3600 * 1000;
      await f.kase(scanner, owner, {
        patientName: 'Ella Compare',
        caseType: 1,
        files: [{ name: 'upper-visit1.ply', body: first }],
        createdAt: new Date(Date.now() - 2 * month),
      });
      await f.kase(scanner, owner, {
        patientName: 'Ella Compare',
        caseType: 1,
        files: [{ name: 'upper-visit2.ply', body: second }],
      });
      await f.kase(scanner, owner, { patientName: 'Other Patient', caseType: 3 });
      await f.kase(scanner, owner, {
        patientName: 'Broken Scan',
        caseType: 3,
        files: [{ name: 'broken.ply', body: Buffer.from('ply\nformat nonsense\nend_header\n') }],
      });

      // The compare flag on, as the server's page control sets it.
      await openAs(page, base, owner);
      await page.evaluate(() => localStorage.setItem('compare', '1'));
      await page.goto(`${base}/v5/caseCompare`);
      await page.getByTestId('model-compare').waitFor();
      // Nothing chosen yet: the page says what to pick; Compare waits for two scans.
      await page.getByTestId('compare-empty').waitFor();
      await expect(page.getByTestId('compare-empty').innerText()).resolves.toContain(
        text('compare.empty.title'),
      );
      await expect(page.getByTestId('compare-start').isDisabled()).resolves.toBe(true);
      await widths('compare-empty', () => page.getByTestId('compare-empty').waitFor());

      // A: the first visit (the search narrows the list to the patient); B: the second.
      const older = new Date(Date.now() - 2 * month).toISOString().slice(0, 10);
      const today = new Date().toISOString().slice(0, 10);
      await pick('compare-case-a', older, 'Ella');
      await pick('compare-case-b', today, 'Ella');
      // Each side's scan is its case's first, chosen for them.
      await expect(page.getByTestId('compare-file-a').innerText()).resolves.toContain('upper-visit1.ply');
      await expect(page.getByTestId('compare-file-b').innerText()).resolves.toContain('upper-visit2.ply');

      await page.getByTestId('compare-start').click();
      await page.waitForURL(/\?job=[0-9a-f-]{36}/);
      const jobUrl = page.url();
      // The job runs in a worker; the page shows its progress until the map arrives.
      const result = page.getByTestId('compare-result');
      const running = page.getByTestId('compare-running');
      await Promise.race([running.waitFor(), result.waitFor()]);
      if (await running.isVisible()) {
        await expect(page.getByTestId('compare-progress').count()).resolves.toBe(1);
        await journey.shot('compare-running');
      }
      await result.waitFor({ timeout: 300_000 });
      await page.locator('[data-testid=compare-mesh][data-frame=drawn]').waitFor({ timeout: 120_000 });

      // The map: a WebGL canvas that shows the coloured scan, with its legend in mm (−range … 0 … +range).
      await expect(page.getByTestId('compare-mesh-canvas').locator('canvas').count()).resolves.toBe(1);
      const ticks = await page.getByTestId('compare-legend-tick').allInnerTexts();
      expect(ticks).toHaveLength(5);
      expect(ticks[2]).toMatch(/^0\.00+$/);
      expect(ticks[0]).toMatch(/^\+\d+\.\d{2,3}$/);
      expect(ticks[4]).toMatch(/^[-−]\d+\.\d{2,3}$/);
      await expect(page.getByTestId('compare-legend').innerText()).resolves.toContain('mm');
      // The canvas really drew colours: the middle of the view is not the background.
      const pixels = await page.getByTestId('compare-mesh').screenshot();
      expect(pixels.length).toBeGreaterThan(10_000);

      // The figures: the same surface twice, so the RMS is small; the raised spot is the largest distance.
      const value = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
      const rms = await value('compare-rms');
      const max = await value('compare-max');
      expect(rms).toBeGreaterThanOrEqual(0);
      expect(rms).toBeLessThan(0.2);
      expect(max).toBeGreaterThan(rms);
      await expect(page.getByTestId('compare-rms').innerText()).resolves.toMatch(/\d\.\d{3}\s*mm/);
      await expect(page.getByTestId('compare-rotation').innerText()).resolves.toContain('°');
      await expect(page.getByTestId('compare-names').innerText()).resolves.toContain('upper-visit2.ply');

      await widths('compare-map', () =>
        page.locator('[data-testid=compare-mesh][data-frame=drawn]').waitFor(),
      );

      // The histogram, and its table for those who read numbers.
      const histogram = page.getByTestId('compare-histogram');
      await histogram.locator('canvas').first().waitFor();
      await histogram.scrollIntoViewIfNeeded();
      await histogram.screenshot({ path: `${SHOTS}/compare-histogram-chart.png` });
      await histogram.locator('.ant-segmented-item').nth(1).click();
      await histogram.locator('tr.ant-table-row').first().waitFor();
      await expect(histogram.locator('thead').innerText()).resolves.toContain(
        text('compare.histogram.vertices'),
      );
      await resize(page, PHONE);
      await histogram.locator('tr.ant-table-row').first().waitFor();
      await histogram.screenshot({ path: `${SHOTS}/compare-histogram-table-390.png` });
      await resize(page, DESKTOP);

      // The coloured PLY, downloaded with the session: scan B's vertices, each with a colour.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('compare-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ply$/);
      const saved = await download.path();
      const mesh = readMesh(new Uint8Array(readFileSync(saved)));
      expect(mesh.colors).toBeDefined();
      expect(mesh.positions.length).toBeGreaterThan(0);
      expect(mesh.colors!.length).toBe(mesh.positions.length);

      // A reload shows the same comparison (its id is in the address).
      await page.goto(jobUrl);
      await page.getByTestId('compare-result').waitFor();
      await page.locator('[data-testid=compare-mesh][data-frame=drawn]').waitFor({ timeout: 120_000 });

      // The statistics comparison is the second tab.
      await page.getByTestId('tab-stats').click();
      await page.waitForURL(/tab=stats/);
      await page.getByTestId('compare-page').waitFor();
      await page.getByTestId('tab-models').click();
      await page.getByTestId('model-compare').waitFor();

      // Two scans of one case: a case with a single scan says so, and Compare waits.
      await page.getByTestId('compare-source').getByText(text('compare.modes.files')).click();
      await pick('compare-case-one', older, 'Ella');
      await page.getByTestId('compare-one-file').waitFor();
      await expect(page.getByTestId('compare-file-a').innerText()).resolves.toContain('upper-visit1.ply');
      await expect(page.getByTestId('compare-start').isDisabled()).resolves.toBe(true);

      // A scan that cannot be read: the job fails with the catalogue's text, and "Try again" runs it anew.
      await page.getByTestId('compare-source').getByText(text('compare.modes.cases')).click();
      await pick('compare-case-b', 'Broken', 'Broken');
      await expect(page.getByTestId('compare-file-b').innerText()).resolves.toContain('broken.ply');
      await page.getByTestId('compare-start').click();
      await page.waitForURL((url) => url.toString() !== jobUrl && /job=/.test(url.toString()));
      await page.getByTestId('compare-failed').waitFor({ timeout: 120_000 });
      const failure = await page.getByTestId('compare-error').innerText();
      expect(failure.trim()).not.toBe('');
      expect(failure).not.toContain('errors.');
      await widths('compare-failed', () => page.getByTestId('compare-failed').waitFor());
      const failedUrl = page.url();
      await page.getByTestId('compare-retry').click();
      await page.waitForURL((url) => url.toString() !== failedUrl);
      await page.getByTestId('compare-failed').waitFor({ timeout: 120_000 });

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
