import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ENCRYPTED_MAGIC } from '@archway/contract';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, openAs } from './support/page.ts';
import { jawPly, people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The model builder and the case report (issue 12) in Chromium against a real server: a fresh lab opens /caseBuilder on
 * a case it received from a fresh clinic (both jaws, generated as the demo cases are), builds a model (the progress
 * bar shows), downloads the `…-model.stl` (a binary STL with triangles), sees it in 3D; then makes a share link, which
 * a fresh browser without an account opens; the lab revokes it and the same address shows the expired page. An
 * encrypted case is refused before the button is pressed. Screens at 390, 768 and 1440 px into /tmp/shots-models,
 * none wider than the window.
 */
const SHOTS = '/tmp/shots-models';
const en = readLocale('en');
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

interface Row {
  id: string;
  crypto: number;
  patientName: string;
}

/** The lab's received cases, as /getpaging answers the page's token. */
const casesOf = (page: Page): Promise<Row[]> =>
  page.evaluate(async () => {
    const answer = await fetch('/getpaging', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ pageIndex: 1, pageSize: 100 }),
    });
    return ((await answer.json()) as { data: { records: Row[] } }).data.records;
  });

describe('model builder and case report in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let lab: OrgRef;

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    const p = people(journey.app);
    const clinic = await p.clinic();
    lab = await p.lab();
    const scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
    // A case as the demo's plain ones (both jaws), and one with sealed bytes (encrypted).
    await p.kase(scanner, clinic.owner, {
      patientName: 'Mira Model',
      caseType: 3,
      upperJaw: true,
      lowerJaw: true,
      files: [
        { name: 'upper.ply', body: jawPly('upper', 5) },
        { name: 'lower.ply', body: jawPly('lower', 5) },
      ],
    });
    await p.kase(scanner, clinic.owner, {
      patientName: 'Sealed Model',
      caseType: 3,
      crypto: true,
      files: [
        {
          name: 'upper.ply',
          body: Buffer.concat([Buffer.from(ENCRYPTED_MAGIC, 'latin1'), Buffer.alloc(4096, 7)]),
        },
      ],
    });
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** Photographs the page at the three widths (name-390, …), checking nothing overflows sideways. */
  async function shots(p: Page, name: string, ready?: () => Promise<unknown>) {
    expect(await atWidths(p, SHOTS, name, ready), `${name} is wider than the window`).toEqual([]);
  }

  it(
    'the lab builds a model, downloads it, shares the report, and revokes the link',
    { timeout: 600_000 },
    async () => {
      await openAs(page, base, lab.owner, '/v5/caseBuilder');
      const rows = await casesOf(page);
      const plain = rows.find((r) => r.crypto === 0)!;
      const sealed = rows.find((r) => r.crypto === 1)!;
      expect(plain).toBeTruthy();
      expect(sealed).toBeTruthy();

      // Without an id: the case picker, searchable.
      await page.getByTestId('builder-picker-row').first().waitFor();
      await shots(page, 'picker', () => page.getByTestId('builder-picker-row').first().waitFor());
      await page.getByTestId('builder-picker-search').locator('input').fill(plain.patientName);
      await page
        .locator(`[data-testid=builder-picker-row][data-case-id="${plain.id}"]`)
        .waitFor({ timeout: 30_000 });
      await page.locator(`[data-testid=builder-picker-row][data-case-id="${plain.id}"]`).click();
      await page.waitForURL(new RegExp(`/v5/caseBuilder\\?id=${plain.id}`));
      await page.getByTestId('model-builder').waitFor();
      await shots(page, 'builder', () => page.getByTestId('model-builder').waitFor());

      // Build: 4 mm, solid base; the bar shows while it is queued or running.
      await page
        .locator('input[data-testid=model-base-height], [data-testid=model-base-height] input')
        .first()
        .fill('4');
      await page.locator('label:has([data-testid=model-kind-solid])').click();
      await page.getByTestId('model-build').click();
      await page.getByTestId('model-progress').waitFor({ timeout: 30_000 });
      await shots(page, 'building');
      await page.getByTestId('model-result').waitFor({ timeout: 300_000 });
      const files = page.getByTestId('model-file');
      expect(await files.count()).toBeGreaterThanOrEqual(1);
      await expect(files.first().textContent()).resolves.toMatch(/-model\.stl/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        files.first().getByTestId('model-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/-model\.stl$/);
      const stl = readFileSync((await download.path())!);
      const count = stl.readUInt32LE(80);
      expect(count).toBeGreaterThan(0);
      expect(stl.length).toBe(84 + 50 * count);

      // The built model in 3D.
      await page.locator('[data-testid=model-view][data-loaded=yes]').waitFor({ timeout: 120_000 });
      await expect(page.locator('[data-testid=model-view]').getAttribute('data-parts')).resolves.not.toBe(
        '0',
      );
      await shots(page, 'built', () =>
        page.locator('[data-testid=model-view-mesh][data-frame=drawn]').waitFor({ timeout: 60_000 }),
      );

      // The report: preview, then a share link.
      await page.getByTestId('tab-report').click();
      await page.getByTestId('report-view').waitFor();
      await page.getByTestId('share-list').waitFor();
      await page.locator('input[data-testid=share-days], [data-testid=share-days] input').first().fill('7');
      await page.getByTestId('share-create').click();
      await page.getByTestId('share-created').waitFor();
      const url = await page.getByTestId('share-url').inputValue();
      expect(url).toMatch(/\/v5\/report\/[^/]+$/);
      await page.locator('[data-testid=share-row][data-status=active]').first().waitFor();
      await shots(page, 'report', () => page.getByTestId('report-view').waitFor());
      // Printed, the page is the report alone (the menu, bars, share links and buttons stay off paper).
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('report-view').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('share-links').isVisible()).resolves.toBe(false);
      await expect(page.getByTestId('report-print').isVisible()).resolves.toBe(false);
      await page.screenshot({ path: `${SHOTS}/report-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      // The template's customization (logo, background…) opens in the settings drawer, on its report entry.
      await page.getByTestId('report-customize').click();
      await page.getByTestId('report-logo').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('report-logo').waitFor({ state: 'hidden' });

      // A fresh browser, never signed in, opens the link.
      const guest = await journey.browser.newContext({ locale: 'en-US', reducedMotion: 'reduce' });
      const visitor = await guest.newPage();
      const visitorErrors: string[] = [];
      visitor.on('pageerror', (e) => visitorErrors.push(String(e)));
      await visitor.goto(url.replace(/^https?:\/\/[^/]+/, base));
      await visitor.getByTestId('report-view').waitFor({ timeout: 30_000 });
      await expect(visitor.getByTestId('report-org').textContent()).resolves.toBe(lab.name);
      await expect(visitor.getByTestId('report-case').textContent()).resolves.toContain(plain.patientName);
      await visitor.locator('[data-testid=report-scan-view][data-loaded=yes]').waitFor({ timeout: 120_000 });
      await shots(visitor, 'public-report', () =>
        visitor.locator('[data-testid=report-scan-view-mesh][data-frame=drawn]').waitFor({ timeout: 60_000 }),
      );
      expect(await visitor.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      await visitor.emulateMedia({ media: 'print' });
      await expect(visitor.getByTestId('report-view').isVisible()).resolves.toBe(true);
      await expect(visitor.getByTestId('report-print').isVisible()).resolves.toBe(false);
      await visitor.emulateMedia({ media: 'screen' });

      // Revoked (after a confirmation): the same address now shows the expired page.
      await page.getByTestId('share-revoke').first().click();
      await page.locator('.share-revoke-ok').click();
      await page.locator('[data-testid=share-row][data-status=revoked]').first().waitFor();
      await visitor.reload();
      await visitor.getByTestId('report-expired').waitFor({ timeout: 30_000 });
      await expect(visitor.getByTestId('report-expired').textContent()).resolves.toContain(
        text('errors.shareLink.expired'),
      );
      await shots(visitor, 'expired', () => visitor.getByTestId('report-expired').waitFor());
      expect(visitorErrors).toEqual([]);
      await guest.close();

      // An encrypted case: refused before the button is pressed.
      await page.goto(`${base}/v5/caseBuilder?id=${sealed.id}`);
      await page.getByTestId('model-encrypted').waitFor();
      await expect(page.getByTestId('model-build').isDisabled()).resolves.toBe(true);
      await shots(page, 'encrypted', () => page.getByTestId('model-encrypted').waitFor());
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
