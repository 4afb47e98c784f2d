import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { SHOTS, startJourney, type Journey } from './server.ts';
import {
  caseListShown,
  DESKTOP,
  issueScreen,
  openAs,
  overflowOf,
  PHONE,
  resize,
  TABLET,
} from './support/page.ts';
import { jawsCase, people, type People } from './support/people.ts';

/**
 * The 3D viewer's tools of issue 25 (items 1-3) in a real browser: a lab opens the preview of a case with both jaws
 * (generated as the demo's are), turns to the upper occlusal view (the camera looks up, the lower jaw steps aside),
 * measures between two points it clicks on the scan (a label in mm; removed, cleared), and moves, turns and resets a
 * section (its outline has segments). The same by touch on a phone (390 px). Pictures of each tool at 1440, 768 and
 * 390 px; JPEGs for the issue in docs/screens/issue-25 with KEEP_SCREENS.
 */
const PATIENT = 'Tove Tools';
const BACKGROUND = [0xee, 0xf1, 0xf5] as const;
const EDGE = 8;

describe('the 3D viewer tools in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let lab: OrgRef;

  const caseRow = (on: Page): Locator =>
    on
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: on.getByTestId('case-patient').getByText(PATIENT, { exact: true }) })
      .first();

  /** Opens the case's preview from its row (inline button, or the More menu) and waits for the scan and picking. */
  async function openViewer(on: Page, touch = false) {
    const row = caseRow(on);
    await row.waitFor();
    const inline = row.getByTestId('action-preview');
    if (!touch) await row.hover();
    if ((await inline.count()) > 0) await (touch ? inline.tap() : inline.click());
    else {
      const more = row.getByTestId('action-more');
      await (touch ? more.tap() : more.click());
      const item = on.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').first();
      await (touch ? item.tap() : item.click());
    }
    await on.locator('[data-testid=scan-viewer][data-frame=drawn]').waitFor({ timeout: 60_000 });
    await on.locator('[data-testid=scan-viewer][data-pickable=yes]').waitFor({ timeout: 60_000 });
  }

  const viewer = (on: Page) => on.getByTestId('scan-viewer');
  const attr = (on: Page, name: string) => viewer(on).getAttribute(name);

  /** The canvas as it stands once two pictures in a row are alike. */
  async function settledCanvas(on: Page): Promise<Buffer> {
    const canvas = on.getByTestId('viewer-canvas');
    let last = await canvas.screenshot();
    for (let i = 0; i < 50; i++) {
      const next = await canvas.screenshot();
      if (next.equals(last)) return next;
      last = next;
    }
    throw new Error('the canvas never settled');
  }

  /** Whether a pixel shows the scan: neither the stage's background nor the white around its rounded corners. */
  const scanAt = (data: ArrayLike<number>, o: number) => {
    const d = BACKGROUND.reduce((n, c, k) => n + Math.abs(data[o + k]! - c), 0);
    const white = data[o]! > 250 && data[o + 1]! > 250 && data[o + 2]! > 250;
    return d > 24 && !white;
  };

  /**
   * Points of the canvas (css px from its top left) where the scan is drawn, well inside it (a 9×9 square of scan
   * around each): the leftmost and the rightmost of the rows near the middle, and the topmost near the middle column.
   */
  async function scanPoints(on: Page): Promise<Record<'left' | 'right' | 'top', { x: number; y: number }>> {
    const image = decode(await settledCanvas(on));
    const box = (await on.getByTestId('viewer-canvas').boundingBox())!;
    const scale = image.width / box.width;
    const isScan = (x: number, y: number) => scanAt(image.data, (y * image.width + x) * image.channels);
    const r = Math.round(4 * scale);
    const inside = (x: number, y: number) => {
      for (let dy = -r; dy <= r; dy += r)
        for (let dx = -r; dx <= r; dx += r) if (!isScan(x + dx, y + dy)) return false;
      return true;
    };
    let left: { x: number; y: number } | null = null;
    let right: { x: number; y: number } | null = null;
    let top: { x: number; y: number } | null = null;
    const margin = Math.round(12 * scale);
    const step = Math.round(2 * scale);
    for (let y = margin; y < image.height - margin; y += step)
      for (let x = margin; x < image.width - margin; x += step) {
        if (!inside(x, y)) continue;
        if (y > image.height * 0.3 && y < image.height * 0.7) {
          if (!left || x < left.x) left = { x, y };
          if (!right || x > right.x) right = { x, y };
        }
        if (Math.abs(x - image.width / 2) < image.width * 0.05 && (!top || y < top.y)) top = { x, y };
      }
    if (!left || !right || !top || right.x - left.x < image.width * 0.2)
      throw new Error('no scan on the canvas');
    const css = (p: { x: number; y: number }) => ({ x: p.x / scale, y: p.y / scale });
    return { left: css(left), right: css(right), top: css(top) };
  }

  /**
   * How much of the canvas the scan fills (its drawn extent over the canvas's width and height, the larger of the
   * two) and whether it touches the canvas's edge (cut off).
   */
  async function extent(on: Page): Promise<{ fill: number; cut: boolean }> {
    const shot = await settledCanvas(on);
    const image = decode(shot);
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    // The stage's rounded corners are left out (EDGE px along each side): a scan reaching them is cut off.
    for (let y = EDGE; y < image.height - EDGE; y++)
      for (let x = EDGE; x < image.width - EDGE; x++) {
        if (!scanAt(image.data, (y * image.width + x) * image.channels)) continue;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    const fill = Math.max((maxX - minX + 1) / image.width, (maxY - minY + 1) / image.height);
    const cut =
      minX <= EDGE || minY <= EDGE || maxX >= image.width - 1 - EDGE || maxY >= image.height - 1 - EDGE;
    if (cut) writeFileSync(path.join(SHOTS, 'viewer-cut.png'), shot);
    return { fill, cut };
  }

  const jpeg = (on: Page, name: string) => issueScreen(on, 'issue-25', name);
  const png = (on: Page, name: string) => on.screenshot({ path: path.join(SHOTS, `${name}.png`) });

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
    const clinic = await p.clinic();
    lab = await p.lab();
    const scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
    await jawsCase(p, scanner, clinic.owner, PATIENT, { seed: 5 });
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'by mouse at 1440: the upper occlusal view, two measurements (one removed), a section moved, turned and reset',
    { timeout: 300_000 },
    async () => {
      await resize(page, DESKTOP);
      await openAs(page, base, lab.owner, '/v5/case');
      await caseListShown(page);
      await openViewer(page);

      // Opened from the front, fitted: the scan fills most of the canvas's narrower side.
      await expect.poll(() => attr(page, 'data-view')).toBe('default');
      const first = await attr(page, 'data-camera');
      await page.getByTestId('viewer-view-upper').click();
      await expect.poll(() => attr(page, 'data-view')).toBe('upper');
      // Looking up (+z), the lips at the top of the screen; the lower jaw is hidden so the teeth are seen.
      await expect.poll(() => attr(page, 'data-camera'), { timeout: 10_000 }).toBe('0.00,-0.01,1.00');
      expect(first).not.toBe('0.00,-0.01,1.00');
      await expect.poll(() => attr(page, 'data-hidden')).not.toBe('');
      await settledCanvas(page);
      await png(page, 'viewer-views-1440');
      await jpeg(page, 'views-upper-occlusal-1440');

      // Measure: two clicks on the scan give a line and its label in mm; a second measurement; one removed.
      await page.getByTestId('viewer-tool-measure').click();
      const canvas = page.getByTestId('viewer-canvas');
      const { left: a, right: b, top } = await scanPoints(page);
      await canvas.click({ position: a });
      await expect(page.getByTestId('viewer-measure-hint').innerText()).resolves.toMatch(/second/i);
      await canvas.click({ position: b });
      const labels = page.getByTestId('viewer-measure-label');
      await expect.poll(() => labels.count()).toBe(1);
      const measured = await labels.first().innerText();
      expect(measured).toMatch(/^\d+\.\d{2}\smm$/);
      // The arch is some 50 mm across: two points far apart on it are tens of millimetres apart.
      expect(Number.parseFloat(measured)).toBeGreaterThan(10);
      expect(Number.parseFloat(measured)).toBeLessThan(120);
      // A drag is an orbit, not a pick.
      const frame = (await canvas.boundingBox())!;
      await page.mouse.move(frame.x + a.x, frame.y + a.y);
      await page.mouse.down();
      await page.mouse.move(frame.x + a.x + 60, frame.y + a.y + 20, { steps: 4 });
      await page.mouse.up();
      await expect.poll(() => attr(page, 'data-view')).toBe('free');
      await expect(page.getByTestId('viewer-measure-hint').innerText()).resolves.not.toMatch(/second/i);
      // Back to the occlusal view, a second measurement: from the front teeth to the right end.
      await page.getByTestId('viewer-view-upper').click();
      await expect.poll(() => attr(page, 'data-view')).toBe('upper');
      await settledCanvas(page);
      await canvas.click({ position: top });
      await canvas.click({ position: b });
      await expect.poll(() => labels.count()).toBe(2);
      await settledCanvas(page);
      await png(page, 'viewer-measure-1440');
      await jpeg(page, 'measure-1440');
      await labels.first().getByTestId('viewer-measure-remove').click();
      await expect.poll(() => labels.count()).toBe(1);
      await page.getByTestId('viewer-measure-clear').click();
      await expect.poll(() => labels.count()).toBe(0);
      await page.getByTestId('viewer-tool-measure').click();

      // Section: on, from the front; moved (the outline has segments), turned, flipped, reset.
      await page.getByTestId('viewer-view-front').click();
      await expect.poll(() => attr(page, 'data-hidden')).toBe('');
      await page.getByTestId('viewer-tool-section').click();
      await expect.poll(() => attr(page, 'data-section')).toBe('on');
      await expect.poll(async () => Number(await attr(page, 'data-section-segments'))).toBeGreaterThan(0);
      const atMiddle = Number(await attr(page, 'data-section-segments'));
      const position = page.locator('.scan-viewer-section-position .ant-slider-handle');
      await position.focus();
      for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowLeft');
      await expect(position.getAttribute('aria-valuenow')).resolves.toBe('25');
      await expect.poll(async () => Number(await attr(page, 'data-section-segments'))).not.toBe(atMiddle);
      expect(Number(await attr(page, 'data-section-segments'))).toBeGreaterThan(0);
      await page.getByTestId('viewer-section-preset').getByText('Front–back').click();
      const tilt = page.locator('.scan-viewer-section-tilt .ant-slider-handle');
      await tilt.focus();
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      await expect(tilt.getAttribute('aria-valuenow')).resolves.toBe('10');
      await page.getByTestId('viewer-view-left').click();
      await expect.poll(() => attr(page, 'data-view')).toBe('left');
      await expect.poll(async () => Number(await attr(page, 'data-section-segments'))).toBeGreaterThan(0);
      await settledCanvas(page);
      await png(page, 'viewer-section-1440');
      await jpeg(page, 'section-1440');
      // Beyond the scan the plane cuts nothing; Reset brings the middle back.
      await position.focus();
      await page.keyboard.press('Home');
      await expect.poll(async () => Number(await attr(page, 'data-section-segments'))).toBe(0);
      await page.getByTestId('viewer-section-reset').click();
      await expect(position.getAttribute('aria-valuenow')).resolves.toBe('40');
      await expect.poll(async () => Number(await attr(page, 'data-section-segments'))).toBe(atMiddle);
      await page.getByTestId('viewer-tool-section').click();
      await expect.poll(() => attr(page, 'data-section')).toBe('off');

      // Reset view: from the front again, a little above the bite, as it opened.
      await page.getByTestId('viewer-reset').click();
      await expect.poll(() => attr(page, 'data-camera')).toBe(first);
      await expect.poll(() => attr(page, 'data-view')).toBe('default');
      expect(journey.pageErrors).toEqual([]);
      // The viewer is the case's page (issue 32): Back leaves it.
      await page.goBack();
      await page.getByTestId('case-page-viewer').waitFor({ state: 'detached' });
    },
  );

  it(
    'fits the scan again when the window changes size, and shows the tools at 768 without sideways scrolling',
    { timeout: 300_000 },
    async () => {
      await resize(page, DESKTOP);
      await openAs(page, base, lab.owner, '/v5/case');
      await caseListShown(page);
      await openViewer(page);
      // Fitted to the scans (issue 32: the scan itself fills 90 % of the side that limits it, a small margin; fitting
      // the bounding box left it at about half the width), and nothing cut off: as opened, in the occlusal view, and
      // after the window became narrower.
      const fitted = async () => {
        const { fill, cut } = await extent(page);
        expect(cut).toBe(false);
        expect(fill).toBeGreaterThan(0.82);
        expect(fill).toBeLessThan(0.95);
      };
      await fitted();
      await page.getByTestId('viewer-view-lower').click();
      await expect.poll(() => attr(page, 'data-camera'), { timeout: 10_000 }).toBe('0.00,-0.01,-1.00');
      await fitted();
      const before = (await page.getByTestId('viewer-canvas').boundingBox())!;
      await resize(page, TABLET);
      await expect
        .poll(async () => (await page.getByTestId('viewer-canvas').boundingBox())!.width)
        .not.toBe(before.width);
      await fitted();
      await page.getByTestId('viewer-tool-section').click();
      await page.getByTestId('viewer-tool-measure').click();
      await settledCanvas(page);
      expect(await overflowOf(page)).toBe(0);
      await png(page, 'viewer-tools-768');
      // The viewer is the case's page (issue 32): Back leaves it.
      await page.goBack();
      await page.getByTestId('case-page-viewer').waitFor({ state: 'detached' });
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    'by touch on a phone (390 px): a view, a measurement and a section, nothing wider than the phone',
    {
      timeout: 300_000,
    },
    async () => {
      let context: BrowserContext | null = null;
      try {
        context = await journey.browser.newContext({
          viewport: PHONE,
          hasTouch: true,
          isMobile: true,
          locale: 'en-US',
        });
        const phone = await context.newPage();
        await openAs(phone, base, lab.owner, '/v5/case', { shell: false });
        await caseListShown(phone);
        await openViewer(phone, true);
        expect(await overflowOf(phone)).toBe(0);

        // The views wrap to a second row: the last one is in sight on the phone, nothing hidden sideways.
        const back = phone.getByTestId('viewer-view-back');
        const backBox = (await back.boundingBox())!;
        expect(backBox.x).toBeGreaterThanOrEqual(0);
        expect(backBox.x + backBox.width).toBeLessThanOrEqual(PHONE.width);
        await back.tap();
        await expect.poll(() => attr(phone, 'data-view')).toBe('back');
        await expect.poll(() => attr(phone, 'data-camera'), { timeout: 10_000 }).toBe('0.00,1.00,0.00');
        // A tap leaves no tooltip open over the buttons beside it (tooltips are for pointers that hover); one that
        // is still fading out may be counted a moment, one that stays open fails.
        await expect
          .poll(() => phone.locator('.ant-tooltip:not(.ant-tooltip-hidden):visible').count())
          .toBe(0);
        const lower = phone.getByTestId('viewer-view-lower');
        await lower.tap();
        await expect.poll(() => attr(phone, 'data-camera'), { timeout: 10_000 }).toBe('0.00,-0.01,-1.00');

        // Measure by two taps on the scan.
        await phone.getByTestId('viewer-tool-measure').tap();
        const canvas = phone.getByTestId('viewer-canvas');
        const { left: a, right: b } = await scanPoints(phone);
        await canvas.tap({ position: a });
        await expect(phone.getByTestId('viewer-measure-hint').innerText()).resolves.toMatch(/second/i);
        await canvas.tap({ position: b });
        const labels = phone.getByTestId('viewer-measure-label');
        await expect.poll(() => labels.count()).toBe(1);
        await expect(labels.first().innerText()).resolves.toMatch(/^\d+\.\d{2}\smm$/);
        // A tap on the label's × removes it.
        await labels.first().getByTestId('viewer-measure-remove').tap();
        await expect.poll(() => labels.count()).toBe(0);
        await canvas.tap({ position: a });
        await canvas.tap({ position: b });
        await expect.poll(() => labels.count()).toBe(1);
        expect(await overflowOf(phone)).toBe(0);
        await settledCanvas(phone);
        await png(phone, 'viewer-measure-390');
        await jpeg(phone, 'measure-390');

        // The section by touch: on, the position slider dragged, reset.
        await phone.getByTestId('viewer-tool-section').tap();
        await expect.poll(async () => Number(await attr(phone, 'data-section-segments'))).toBeGreaterThan(0);
        const middle = Number(await attr(phone, 'data-section-segments'));
        // A finger drags the position's handle to the left (a real touch drag through the DevTools protocol).
        const handle = phone.locator('.scan-viewer-section-position .ant-slider-handle');
        const from = (await handle.boundingBox())!;
        const rail = (await phone.locator('.scan-viewer-section-position .ant-slider').boundingBox())!;
        const cdp = await context.newCDPSession(phone);
        const x0 = from.x + from.width / 2;
        const y0 = from.y + from.height / 2;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
        for (let i = 1; i <= 5; i++)
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x: x0 - (rail.width * 0.25 * i) / 5, y: y0 }],
          });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow'))).toBeLessThan(30);
        await expect.poll(async () => Number(await attr(phone, 'data-section-segments'))).not.toBe(middle);
        expect(await overflowOf(phone)).toBe(0);
        await settledCanvas(phone);
        await png(phone, 'viewer-section-390');
        await jpeg(phone, 'section-390');
        await phone.getByTestId('viewer-section-reset').tap();
        await expect.poll(async () => Number(await attr(phone, 'data-section-segments'))).toBe(middle);
      } finally {
        await context?.close();
      }
    },
  );
});
