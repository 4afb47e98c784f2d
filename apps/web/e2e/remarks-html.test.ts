import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, openAs, resize } from './support/page.ts';
import { jawsCase, people } from './support/people.ts';

/**
 * HTML typed into a remark pinned to the scan and into a comment (issue 30 finding 10) is text everywhere it is shown:
 * the API answers it as typed, and the viewer's pin label and list, the case's thread and the public share page show
 * the characters: no element is made of it (no <img>, no <b>), no handler runs (`window.__xss` stays undefined, no
 * dialog opens). The remark is typed in the viewer's own composer, the comment in the thread's box.
 */
const PIN = `<img src=x onerror="window.__xss='pin';alert('pin')"> <b>bold</b> pin`;
const COMMENT = `<script>window.__xss='comment'</script><b>bold</b> <img src=x onerror="window.__xss='comment-img'"> <svg onload="alert('svg')"></svg> comment`;

describe('HTML in remarks and comments is shown as text in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let clinic: OrgRef;
  let lab: OrgRef;
  let caseId = '';
  const dialogs: string[] = [];

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const p = people(journey.app);
    clinic = await p.clinic('Markup Clinic');
    lab = await p.lab('Markup Lab');
    const scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
    caseId = await jawsCase(p, scanner, clinic.owner, 'Hank Html');
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** Nothing of the typed HTML became an element or ran, anywhere on the page. */
  const nothingRan = async () => {
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: unknown }).__xss,
      imgX: document.querySelectorAll('img[src="x"]').length,
      bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'bold').length,
      svg: document.querySelectorAll('svg[onload]').length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    }));
    expect(state).toEqual({ xss: undefined, imgX: 0, bold: 0, svg: 0, scripts: 0 });
    expect(dialogs).toEqual([]);
  };
  /** Waits until the scans are loaded and a frame showing them was drawn. */
  const drawn = async () => {
    await page.locator('[data-testid=scan-viewer][data-frame=drawn]').waitFor({ timeout: 90_000 });
    await page.getByTestId('viewer-progress').waitFor({ state: 'detached', timeout: 90_000 });
  };
  /** Clicks the canvas at spots around its middle until one lands on the scan (the composer opens). */
  const tapTheScan = async () => {
    const area = (await page.getByTestId('viewer-canvas').boundingBox())!;
    for (const [x, y] of [
      [0.5, 0.5],
      [0.5, 0.4],
      [0.5, 0.6],
      [0.4, 0.5],
      [0.6, 0.5],
      [0.35, 0.4],
      [0.65, 0.4],
    ]) {
      await page.mouse.click(area.x + area.width * x!, area.y + area.height * y!);
      try {
        await page.getByTestId('viewer-pin-composer').waitFor({ timeout: 2_000 });
        return;
      } catch {
        // Not on the scan there: the next spot.
      }
    }
    throw new Error('no spot of the canvas landed on the scan');
  };
  const thread = async () =>
    (
      (
        await journey.app.inject({
          method: 'GET',
          url: `/api/case/comment/list?caseId=${caseId}`,
          headers: clinic.owner.headers,
        })
      ).json() as { data: { id: string; text: string; anchor: unknown }[] }
    ).data;

  it(
    "typed in the viewer and the thread, shown as text in the pin's label, the list, the thread and the share page",
    { timeout: 600_000 },
    async () => {
      await resize(page, DESKTOP);

      // The remark, typed by the lab in the viewer's composer on a spot of the scan.
      await openAs(page, base, lab.owner, `/v5/case?preview=${caseId}`);
      await page.getByTestId('case-page-viewer').waitFor();
      await drawn();
      await page.locator('[data-testid=scan-viewer][data-pickable=yes]').waitFor();
      await page.getByTestId('scan-viewer').getByTestId('viewer-tool-remark').click();
      await page.getByTestId('viewer-pin-hint').waitFor();
      await tapTheScan();
      await page.getByTestId('viewer-pin-text').fill(PIN);
      await page.getByTestId('viewer-pin-send').click();
      await page.getByTestId('viewer-pin-composer').waitFor({ state: 'detached' });
      const own = page.getByTestId('viewer-pin-label');
      await own.waitFor();
      await expect(own.locator('.pin-marker-text').innerText()).resolves.toBe(PIN);
      await expect(own.locator('img, b, svg, script').count()).resolves.toBe(0);
      await nothingRan();
      // Stored as typed.
      const pinned = (await thread()).find((c) => c.anchor);
      expect(pinned?.text).toBe(PIN);
      const pinId = pinned!.id;

      // The comment, typed in the case's thread by the clinic.
      await openAs(page, base, clinic.owner, `/v5/caseComment?caseId=${caseId}`);
      const box = page.getByTestId('comment-input');
      await box.waitFor();
      await box.fill(COMMENT);
      await page.getByTestId('comment-send').click();
      const message = page.getByTestId('comment-message').filter({ hasText: 'comment' });
      await message.waitFor();
      await expect(message.locator('.comment-text').innerText()).resolves.toBe(COMMENT);
      // The remark in the thread too.
      const remark = page.getByTestId('comment-message').filter({ hasText: 'pin' });
      await expect(remark.locator('.comment-text').innerText()).resolves.toBe(PIN);
      await nothingRan();
      expect((await thread()).find((c) => !c.anchor)?.text).toBe(COMMENT);

      // The viewer opened at the pin (the thread's "Show on the scan"): its label and the list show the characters.
      await openAs(page, base, clinic.owner, `/v5/case?preview=${caseId}&pin=${pinId}`);
      await page.getByTestId('case-page-viewer').waitFor();
      await drawn();
      const label = page.getByTestId('viewer-pin-label');
      await label.waitFor({ timeout: 30_000 });
      await expect(label.locator('.pin-marker-text').innerText()).resolves.toBe(PIN);
      await expect(label.locator('img, b, svg, script').count()).resolves.toBe(0);
      const listed = page.getByTestId('viewer-pin-list').getByTestId('pin-list-item');
      await expect(listed.locator('.pin-list-text').innerText()).resolves.toBe(PIN);
      await expect(listed.locator('img, b').count()).resolves.toBe(0);
      await expect(page.getByTestId('viewer-pin').getAttribute('aria-label')).resolves.toBe(PIN);
      await nothingRan();

      // The public share page, without an account.
      // Remarks are internal unless the sharer shows them to the patient: this link shows every pinned one.
      const shown = (await thread()).filter((c) => c.anchor).map((c) => c.id);
      const made = await journey.app.inject({
        method: 'POST',
        url: '/api/case/report/share',
        headers: lab.owner.headers,
        payload: { caseId, days: 7, pins: shown },
      });
      const { token } = (made.json() as { data: { token: string } }).data;
      const shared = await journey.app.inject({ method: 'GET', url: `/api/report/${token}` });
      expect((shared.json() as { data: { pins: { text: string }[] } }).data.pins.map((x) => x.text)).toEqual([
        PIN,
      ]);
      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${base}/v5/report/${token}`);
      const pins = page.getByTestId('report-scan-view-mesh-pins');
      const item = pins.getByTestId('pin-list-item');
      await item.waitFor({ timeout: 60_000 });
      await expect(item.locator('.pin-list-text').innerText()).resolves.toBe(PIN);
      await page
        .locator('[data-testid=report-scan-view-mesh][data-frame=drawn]')
        .waitFor({ timeout: 60_000 });
      await item.click();
      const sharedLabel = page.getByTestId('viewer-pin-label');
      await sharedLabel.waitFor();
      await expect(sharedLabel.locator('.pin-marker-text').innerText()).resolves.toBe(PIN);
      await expect(sharedLabel.locator('img, b, svg, script').count()).resolves.toBe(0);
      await nothingRan();
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
