import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ProcessStatus } from '@archway/contract';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, frames, openAs, PHONE, settled, WIDTHS } from './support/page.ts';
import { exchange, people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Where notices and the floating help button sit (issue 24, items 3 and 8): a persistent task notice never covers the
 * top bar or an open drawer's header and close button at 390, 768 and 1440 px; it can be put away from the keyboard
 * and stays in the bell; it moves with the window resized across the phone's width; on the case it is about it offers
 * no "Open the case"; the help button covers no pagination and no chart once the page is scrolled to its end.
 * Screenshots go to /tmp/shots-notices-layout.
 */
type Texts = Record<string, unknown>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
const SHOTS = process.env.NOTICES_LAYOUT_SHOTS ?? '/tmp/shots-notices-layout';

/** The window at `size`, laid out again (the journeys' `resize` also checks the top bar's layout). */
async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((w) => window.innerWidth === w, size.width);
  await frames(page);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (l: Locator): Promise<Box> => {
  const box = await l.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
};

describe('notices and the help button cover nothing', () => {
  let journey: Journey;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney();
    page = journey.page;
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** The settings drawer (the "…" menu on a phone, the top bar's gear otherwise). */
  const openSettings = async (width: number) => {
    if (width <= 767) {
      await page.getByTestId('top-bar-more').click();
      await page.getByRole('menuitem', { name: text('settings.title') }).click();
    } else await page.getByTestId('open-settings').click();
    await page.locator('.ant-drawer-open .ant-drawer-close').first().waitFor();
    await frames(page);
  };
  const closeSettings = async () => {
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  };

  it(
    'a task notice sits clear of the top bar and drawers at every width, can be put away, and stays in the bell',
    { timeout: 300_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const [clinic, lab] = await Promise.all([p.clinic('Layout Clinic'), p.lab('Layout Lab')]);
      const scanner = await p.sendsTo(clinic, lab);
      const listed = [];
      for (const name of ['Phone Paula', 'Tablet Tom', 'Desktop Dora'])
        listed.push(await p.kase(scanner, clinic.owner, { patientName: name }));
      const open = await p.kase(scanner, clinic.owner, { patientName: 'Open Otto' });
      const finish = async (caseId: string) =>
        expect(
          (await lab.owner.call('PUT', `/processStatus?id=${caseId}&status=${ProcessStatus.finished}`)).body
            .success,
        ).toBe(true);
      const notice = page
        .locator('.ant-notification-notice')
        .filter({ hasText: text('realtime.task.finishedTitle') });

      await openAs(page, base, clinic.owner, '/v5/case');
      await page.locator('.case-list').waitFor();
      for (const [i, size] of WIDTHS.entries()) {
        await resizeTo(page, size);
        // A lab finishes one of the clinic's orders: the clinic's page shows the persistent task notice.
        await finish(listed[i]!);
        await notice.waitFor({ timeout: 20_000 });
        await frames(page);
        // On the case list the notice opens the case.
        await notice.locator('.realtime-task-open').waitFor();
        const bar = await boxOf(page.locator('.ant-layout-header'));
        expect
          .soft(overlaps(await boxOf(notice), bar), `notice over the top bar at ${size.width}`)
          .toBe(false);
        await page.screenshot({ path: `${SHOTS}/task-notice-${size.width}.png` });
        await openSettings(size.width);
        const drawer = page.locator('.ant-drawer-open');
        const close = await boxOf(drawer.locator('.ant-drawer-close').first());
        const header = await boxOf(drawer.locator('.ant-drawer-header').first());
        expect
          .soft(overlaps(await boxOf(notice), close), `notice over the close button at ${size.width}`)
          .toBe(false);
        expect
          .soft(overlaps(await boxOf(notice), header), `notice over the drawer header at ${size.width}`)
          .toBe(false);
        await page.screenshot({ path: `${SHOTS}/task-notice-drawer-${size.width}.png` });
        await closeSettings();
        // Put away from the keyboard: the close button is a button whose name says where the notice goes.
        await notice.getByRole('button', { name: text('notices.closeTask') }).focus();
        await page.keyboard.press('Enter');
        await notice.waitFor({ state: 'detached' });
      }

      // The notices put away are in the bell.
      await page.getByTestId('notice-bell').click();
      await expect
        .poll(() => page.getByTestId('notice-item').and(page.locator('[data-kind=task]')).count())
        .toBe(3);
      await page.keyboard.press('Escape');

      // A notice on screen follows the window: shown at 1440 below the top bar at the right, it moves to the phone's
      // place at the bottom when the window narrows to 390, and back when it widens again.
      const resized = await p.kase(scanner, clinic.owner, { patientName: 'Resize Rita' });
      const where = async () => {
        const boxes = await Promise.all((await notice.all()).map((l) => l.boundingBox()));
        const height = await page.evaluate(() => window.innerHeight);
        if (boxes.length !== 1 || !boxes[0]) return `${boxes.length} notices`;
        const box = boxes[0];
        return box.y + box.height / 2 > height / 2 ? 'bottom' : 'top';
      };
      const clearOfBar = async (width: number) =>
        expect
          .soft(
            overlaps(await boxOf(notice), await boxOf(page.locator('.ant-layout-header'))),
            `notice over the top bar after resizing to ${width}`,
          )
          .toBe(false);
      await finish(resized);
      await notice.waitFor({ timeout: 20_000 });
      await expect.poll(where).toBe('top');
      await resizeTo(page, PHONE);
      await expect.poll(where).toBe('bottom');
      await clearOfBar(PHONE.width);
      await page.screenshot({ path: `${SHOTS}/task-notice-resized-390.png` });
      await resizeTo(page, DESKTOP);
      await expect.poll(where).toBe('top');
      await clearOfBar(DESKTOP.width);
      const wide = await boxOf(notice);
      expect(wide.x + wide.width / 2).toBeGreaterThan(DESKTOP.width / 2);
      // Moved, it is still the same notice: put away once, it is gone.
      await notice.getByRole('button', { name: text('notices.closeTask') }).click();
      await notice.waitFor({ state: 'detached' });

      // On the case it is about (its page; the old address `/case?id=` leads there), the notice does not offer to
      // open it again.
      await page.goto(`${base}/v5/case?id=${encodeURIComponent(open)}`);
      await page.waitForURL(`${base}/v5/case/${encodeURIComponent(open)}`);
      await page
        .getByTestId('case-page-patient')
        .filter({ hasText: 'Open Otto' })
        .waitFor({ timeout: 20_000 });
      await finish(open);
      await notice.waitFor({ timeout: 20_000 });
      await expect(notice.locator('.realtime-task-open').count()).resolves.toBe(0);
      await page.screenshot({ path: `${SHOTS}/task-notice-on-case-1440.png` });
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    'the help button covers no pagination and no chart, at the top of the page or scrolled to its end',
    { timeout: 300_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const help = page.getByTestId('help-float');
      /** The help button (folded or not) meets none of the visible `selector` boxes. */
      const clearOf = async (selector: string, what: string) => {
        await frames(page);
        await frames(page);
        const helpBox = await boxOf(help);
        for (const l of await page.locator(selector).all())
          if (await l.isVisible())
            expect.soft(overlaps(helpBox, await boxOf(l)), `help over ${what}`).toBe(false);
      };
      const toEnd = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await frames(page);
      };

      // The administrator's device registry pages its serials: the "Go to page" box sits at the page's end.
      const admin = await p.admin();
      await openAs(page, base, admin, '/v5/manager');
      for (const size of WIDTHS) {
        await resizeTo(page, size);
        const pager = page.locator('.ant-pagination').first();
        await pager.waitFor();
        await settled(page);
        await clearOf('.ant-pagination', `the pagination at ${size.width}`);
        await page.screenshot({ path: `${SHOTS}/help-manager-top-${size.width}.png` });
        await toEnd();
        await clearOf('.ant-pagination', `the pagination at ${size.width}, at the end`);
        await page.screenshot({ path: `${SHOTS}/help-manager-${size.width}.png` });
      }

      // The home's charts: their last x-axis label is at the chart's bottom right.
      const { lab } = await exchange(p, { prefix: 'Layout' });
      await openAs(page, base, lab.owner, '/v5/home');
      for (const size of WIDTHS) {
        await resizeTo(page, size);
        await page.locator('[data-testid=home-figures][data-fetching=false]').waitFor();
        await page.locator('canvas').first().waitFor();
        await settled(page);
        await clearOf('canvas', `a chart at ${size.width}`);
        await page.screenshot({ path: `${SHOTS}/help-home-top-${size.width}.png` });
        await toEnd();
        await clearOf('canvas', `a chart at ${size.width}, at the end`);
        await page.screenshot({ path: `${SHOTS}/help-home-${size.width}.png` });
      }
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
