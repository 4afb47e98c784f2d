import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ENCRYPTED_MAGIC } from '@archway/contract';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, DESKTOP, openAs, PHONE, resize } from './support/page.ts';
import { jawPly, people, pngOf } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The model builder and the case report (issue 12) in Chromium against a real server: a fresh lab opens /caseBuilder on
 * a case it received from a fresh clinic (both jaws, generated as the demo cases are), builds a model (the progress
 * bar shows), downloads the `…-model.stl` (a binary STL with triangles), sees it in 3D; then makes a share link, which
 * a fresh browser without an account opens; the lab revokes it and the same address shows the expired page. An
 * encrypted case is refused before the button is pressed. The patient's page is the lab's (issue 33 item 3): its
 * header in the lab's colour, its wide logo at its own aspect, the scans filling the 3D view at 1440 and 390 px, and
 * of the case's two remarks pinned to the scan only the one the lab ticked for the patient (the internal one is not
 * even in the answer). Screens at 390, 768 and 1440 px into /tmp/shots-models, none wider than the window.
 */
const SHOTS = '/tmp/shots-models';
/** The lab's report colour and its two remarks on the scan: one internal, one for the patient. */
const LAB_COLOUR = '#7a1f5c';
const INTERNAL = 'please rescan distal';
const FOR_PATIENT = 'Your crown fits well, see you at the try-in';

/**
 * How much of the 3D view the scans cover: their silhouette's box (pixels unlike the view's background, with the
 * buttons and labels over the canvas hidden) as shares of the canvas's width and height.
 */
async function scanFill(p: Page, testId: string): Promise<{ width: number; height: number }> {
  const canvas = p.getByTestId(`${testId}-canvas`);
  const style = await p.addStyleTag({
    content: `[data-testid=${testId}] > :not([data-testid=${testId}-canvas]) { visibility: hidden !important; }`,
  });
  const png = (await canvas.screenshot()).toString('base64');
  await style.evaluate((node) => (node as HTMLElement).remove());
  return p.evaluate(async (b64) => {
    // (Decoded from bytes: the page's CSP allows no data: fetch.)
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const { data, width, height } = g.getImageData(0, 0, bitmap.width, bitmap.height);
    // The view's background is #eef1f5; its rounded corners (8 px) show the page's, so a 10 px rim is left out (the
    // fitted scans keep a wider margin).
    let [x0, y0, x1, y1] = [width, height, -1, -1];
    for (let y = 10; y < height - 10; y++)
      for (let x = 10; x < width - 10; x++) {
        const i = (y * width + x) * 4;
        if (Math.abs(data[i]! - 238) + Math.abs(data[i + 1]! - 241) + Math.abs(data[i + 2]! - 245) < 24)
          continue;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    return x1 < 0
      ? { width: 0, height: 0 }
      : { width: (x1 - x0 + 1) / width, height: (y1 - y0 + 1) / height };
  }, png);
}
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
    // The lab's report customization: its colour and a wide logo (3:1).
    const colour = await lab.owner.call('POST', '/cust/clinic/setting', { type: 3, fontColor: LAB_COLOUR });
    expect(colour.body).toMatchObject({ success: true });
    await p.uploadLogo(lab.owner, pngOf(300, 100, [20, 90, 160]));
    // A case as the demo's plain ones (both jaws), and one with sealed bytes (encrypted).
    const plainId = await p.kase(scanner, clinic.owner, {
      patientName: 'Mira Model',
      caseType: 3,
      upperJaw: true,
      lowerJaw: true,
      files: [
        { name: 'upper.ply', body: jawPly('upper', 5) },
        { name: 'lower.ply', body: jawPly('lower', 5) },
      ],
    });
    // The lab's two remarks pinned to the upper jaw (its file id from a first link's report, revoked at once).
    const first = (await lab.owner.call('POST', '/api/case/report/share', { caseId: plainId, days: 1 })).body
      .data as { id: string; token: string };
    const report = await journey.app.inject({ method: 'GET', url: `/api/report/${first.token}` });
    const upper = (report.json() as { data: { files: { id: string; name: string }[] } }).data.files.find(
      (f) => f.name === 'upper.ply',
    )!;
    await lab.owner.call('DELETE', `/api/case/report/share/${first.id}`);
    const camera = { position: [0, -60, 30], target: [0, 0, 0], up: [0, 0, 1] };
    for (const [text, x] of [
      [INTERNAL, 12],
      [FOR_PATIENT, -12],
    ] as const) {
      const pinned = await lab.owner.call('POST', '/api/case/comment', {
        caseId: plainId,
        text,
        anchor: { fileId: upper.id, point: [x, 8, 4], normal: [0, 0, 1], camera },
      });
      expect(pinned.body).toMatchObject({ success: true });
    }
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
      // The case's remarks on the scan are offered, none ticked (internal); the lab ticks the one for the patient.
      const remarks = page.getByTestId('share-remark');
      await remarks.filter({ hasText: INTERNAL }).waitFor();
      await expect(remarks.count()).resolves.toBe(2);
      await expect(page.locator('[data-testid=share-remark] input:checked').count()).resolves.toBe(0);
      await remarks.getByText(FOR_PATIENT).click();
      await expect(page.locator('[data-testid=share-remark] input:checked').count()).resolves.toBe(1);
      await page.getByTestId('share-create').click();
      await page.getByTestId('share-created').waitFor();
      const url = await page.getByTestId('share-url').inputValue();
      expect(url).toMatch(/\/v5\/report\/[^/]+$/);
      await page
        .locator('[data-testid=share-row][data-status=active]')
        .first()
        .getByText(text('models.share.remarks.shown_one').replace(/\{\{count[^}]*\}\}/, '1'))
        .waitFor();
      await shots(page, 'report', () => page.getByTestId('report-view').waitFor());
      // Printed, the page is the report alone (the menu, bars, share links and buttons stay off paper).
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('report-view').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('share-links').isVisible()).resolves.toBe(false);
      await expect(page.getByTestId('report-print').isVisible()).resolves.toBe(false);
      await page.screenshot({ path: `${SHOTS}/report-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      // The template's customization (logo, background…) opens in the settings drawer, on its report entry.
      // (Its logo card, not the preview's logo.)
      await page.getByTestId('report-customize').click();
      await page.locator('div[data-testid=report-logo]').waitFor();
      await page.keyboard.press('Escape');
      await page.locator('div[data-testid=report-logo]').waitFor({ state: 'hidden' });

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
      await resize(visitor, DESKTOP);
      // The lab's colour, its wide logo at its own aspect (48 px high, 3:1 inside its 4 px white margin).
      await expect(
        visitor.getByTestId('report-header').evaluate((e) => getComputedStyle(e).backgroundColor),
      ).resolves.toBe('rgb(122, 31, 92)');
      const logo = visitor.getByTestId('report-logo');
      await visitor.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=report-logo]');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      const box = (await logo.boundingBox())!;
      expect(box.height).toBeCloseTo(48, 0);
      expect((box.width - 8) / (box.height - 8)).toBeCloseTo(3, 1);
      // Only the remark the lab chose: the internal one is neither on the page nor in the answer.
      const pins = visitor.getByTestId('report-scan-view-mesh-pins');
      await pins.getByTestId('pin-list-item').filter({ hasText: FOR_PATIENT }).waitFor();
      await expect(pins.getByTestId('pin-list-item').count()).resolves.toBe(1);
      expect(await visitor.locator('body').innerText()).not.toContain(INTERNAL);
      const token = url.split('/').pop()!;
      const answer = await visitor.evaluate((t) => fetch(`/api/report/${t}`).then((r) => r.text()), token);
      expect(answer).toContain(FOR_PATIENT);
      expect(answer).not.toContain(INTERNAL);
      // The scans fill the 3D view (90 % of its limiting side, as the case page), which takes most of the window;
      // again after the window turns into a phone's (not moved by the person: fitted again).
      await visitor
        .locator('[data-testid=report-scan-view-mesh][data-frame=drawn]')
        .waitFor({ timeout: 60_000 });
      for (const size of [DESKTOP, PHONE]) {
        await resize(visitor, size);
        const view = (await visitor.getByTestId('report-scan-view-mesh-canvas').boundingBox())!;
        expect(view.height / size.height, `the 3D view's height at ${size.width}`).toBeGreaterThan(0.5);
        await expect
          .poll(
            async () => {
              const fill = await scanFill(visitor, 'report-scan-view-mesh');
              return Math.max(fill.width, fill.height);
            },
            { timeout: 20_000 },
          )
          .toBeGreaterThan(0.82);
        const fill = await scanFill(visitor, 'report-scan-view-mesh');
        expect(Math.max(fill.width, fill.height), `the scans' share at ${size.width}`).toBeLessThan(0.97);
      }
      await resize(visitor, DESKTOP);
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
