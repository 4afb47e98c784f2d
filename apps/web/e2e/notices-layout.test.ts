import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ProcessStatus } from '@archway/contract';
import { e2eTempDir, startJourney, type Journey } from './server.ts';
import { caseListShown, DESKTOP, frames, hubJoined, openAs, PHONE, settled, WIDTHS } from './support/page.ts';
import { archwayScan, exchange, jawPly, people } from './support/people.ts';
import { ARRIVAL_MS, TASK_NOTICE_MS } from '../src/shared/realtime/notice-timing.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Where notices and the floating help button sit (issue 24, items 3 and 8; issue 33, item 1): at 390, 768 and 1440 px
 * a task notice covers no top bar, goes by itself after a few seconds unless hovered or focused, is put away by Escape,
 * never sits over an open dialog (it waits) or drawer (it is put away), and is in the bell afterwards; it moves with
 * the window resized across the phone's width, does not follow the person to another page, and on the case it is
 * about offers no "Open the case". On a phone a new case's toast is a slim bar over the top bar, covering none of the
 * list, and goes by itself. The help button covers no pagination and no chart once the page is scrolled to its end.
 * Screenshots go to /tmp/shots-notices-layout. The page runs on Playwright's clock (flowing as the real one), which
 * the journey moves on past a notice's time instead of waiting it out.
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
    // Before the first page: the app's timers (a notice's time, its hold) run on this clock.
    await page.clock.install();
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

  /** Records in the page when a notice with `text` first shows (`window.__noticeSeen`, page time). */
  const watchNotice = (text: string) =>
    page.evaluate((wanted) => {
      const w = window as unknown as { __noticeSeen?: number };
      delete w.__noticeSeen;
      new MutationObserver((_, observer) => {
        const shown = [...document.querySelectorAll('.ant-notification-notice')].some((n) =>
          (n.textContent ?? '').includes(wanted),
        );
        if (!shown) return;
        w.__noticeSeen = performance.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    }, text);
  /**
   * Moves the page's clock on past the time a notice stays by itself (6 s) and 1.5 s more, and waits until the notice
   * watched has been on screen that long (page time) and what the timers did then is drawn.
   */
  const outlived = async () => {
    await page.clock.fastForward(TASK_NOTICE_MS + 1_500);
    await page.waitForFunction(
      (ms) => {
        const seen = (window as unknown as { __noticeSeen?: number }).__noticeSeen;
        return seen !== undefined && performance.now() - seen > ms;
      },
      TASK_NOTICE_MS + 1_500,
      { timeout: 30_000 },
    );
    await frames(page);
    await frames(page);
  };
  /** Moves the page's clock on by `ms`, then waits until `what` (which goes by itself once its time has run) is gone. */
  const goesByItself = async (what: Locator, ms: number) => {
    await page.clock.fastForward(ms);
    await what.waitFor({ state: 'detached', timeout: 20_000 });
  };

  it(
    'a task notice goes by itself (held while hovered or focused), never sits over a dialog or drawer, and stays in the bell',
    { timeout: 400_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const [clinic, lab] = await Promise.all([p.clinic('Layout Clinic'), p.lab('Layout Lab')]);
      const scanner = await p.sendsTo(clinic, lab);
      const finish = async (caseId: string) =>
        expect(
          (await lab.owner.call('PUT', `/processStatus?id=${caseId}&status=${ProcessStatus.finished}`)).body
            .success,
        ).toBe(true);
      const kase = (name: string) => p.kase(scanner, clinic.owner, { patientName: name });
      const title = text('realtime.task.finishedTitle');
      const notice = page.locator('.ant-notification-notice').filter({ hasText: title });
      const count = page.getByTestId('notice-count').locator('.ant-badge-count');
      /** The bell's count: its title (the digits' text rolls while the count changes, e.g. "45" from 4 to 5). */
      const counted = async () =>
        (await count.count()) ? Number((await count.first().getAttribute('title')) ?? 0) : 0;
      /**
       * The bell's count once it has taken in the next notice (the page then had the realtime message too). Above, not
       * exactly one more: the count read before may still lag an earlier notice (seen once on an idle machine).
       */
      const countAbove = async (before: number) =>
        expect.poll(counted, { timeout: 20_000 }).toBeGreaterThan(before);
      let finished = 0;

      await openAs(page, base, clinic.owner, '/v5/case');
      await page.locator('.case-list').waitFor();
      for (const size of WIDTHS) {
        await resizeTo(page, size);
        const w = size.width;

        // 1. A lab finishes one of the clinic's orders: the notice shows, clear of the top bar, as a status.
        await watchNotice(title);
        await finish(await kase(`Hover ${w}`));
        finished++;
        await notice.waitFor({ timeout: 20_000 });
        await frames(page);
        expect(await notice.getAttribute('role')).toBe('status');
        const bar = await boxOf(page.locator('.ant-layout-header'));
        // (Polled: a re-render of the layout may open the same notice again in a new element.)
        await expect
          .poll(
            async () => {
              const box = await notice.boundingBox();
              return box ? overlaps(box, bar) : 'not shown';
            },
            { message: `notice over the top bar at ${w}` },
          )
          .toBe(false);
        await page.screenshot({ path: `${SHOTS}/task-notice-${w}.png` });
        if (w === DESKTOP.width) {
          // (The clock holds the same at every width: hovered at the desktop's, focused at the phone's.)
          // Held while the pointer is over it: it outlives its time; let go, it goes by itself.
          await notice.hover();
          await outlived();
          expect(await notice.isVisible(), `hovered notice gone at ${w}`).toBe(true);
          await page.mouse.move(2, size.height - 2);
          await goesByItself(notice, TASK_NOTICE_MS);
        } else {
          await notice.getByRole('button', { name: text('notices.closeTask') }).click();
          await notice.waitFor({ state: 'detached' });
        }

        // 2. Held while the keyboard's focus is in it; Escape puts it away.
        if (w === PHONE.width) {
          await watchNotice(title);
          await finish(await kase(`Focus ${w}`));
          finished++;
          await notice.waitFor({ timeout: 20_000 });
          await notice.getByRole('button', { name: text('notices.closeTask') }).focus();
          await outlived();
          expect(await notice.isVisible(), `focused notice gone at ${w}`).toBe(true);
          await page.keyboard.press('Escape');
          await notice.waitFor({ state: 'detached' });
        }

        // 3. A dialog is open (importing a case) when the order is finished: no notice over it. It shows once the
        // dialog closes (put away here: going by itself is seen in 1).
        await page.getByTestId('case-import').click();
        const dialog = page.locator('.ant-modal').filter({ hasText: text('cases.import.title') });
        await dialog.waitFor();
        const before = await counted();
        await finish(await kase(`Dialog ${w}`));
        finished++;
        await countAbove(before);
        await frames(page);
        const over = [];
        for (const n of await page.locator('.ant-notification-notice').all())
          if (await n.isVisible()) over.push(overlaps(await boxOf(n), await boxOf(dialog)));
        expect.soft(over, `a notice with the dialog open at ${w}`).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/task-notice-dialog-${w}.png` });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await notice.waitFor({ timeout: 20_000 });
        await notice.getByRole('button', { name: text('notices.closeTask') }).click();
        await notice.waitFor({ state: 'detached' });

        // 4. A notice on screen when a drawer opens (the settings) is put away: nothing over the drawer.
        await finish(await kase(`Drawer ${w}`));
        finished++;
        await notice.waitFor({ timeout: 20_000 });
        await openSettings(w);
        const drawer = page.locator('.ant-drawer-open .ant-drawer-content').first();
        await notice.waitFor({ state: 'detached' });
        for (const n of await page.locator('.ant-notification-notice').all())
          if (await n.isVisible())
            expect
              .soft(overlaps(await boxOf(n), await boxOf(drawer)), `notice over the drawer at ${w}`)
              .toBe(false);
        await page.screenshot({ path: `${SHOTS}/task-notice-drawer-${w}.png` });
        await closeSettings();
      }

      // Every notice is in the bell afterwards.
      await page.getByTestId('notice-bell').click();
      await expect
        .poll(() => page.getByTestId('notice-item').and(page.locator('[data-kind=task]')).count())
        .toBe(finished);
      await page.keyboard.press('Escape');
      await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });

      // A notice on screen follows the window: shown at 1440 below the top bar at the right, it moves to the phone's
      // place at the bottom when the window narrows to 390, and back when it widens again.
      const where = async () => {
        const boxes = await Promise.all((await notice.all()).map((l) => l.boundingBox()));
        const height = await page.evaluate(() => window.innerHeight);
        if (boxes.length !== 1 || !boxes[0]) return `${boxes.length} notices`;
        const box = boxes[0];
        return box.y + box.height / 2 > height / 2 ? 'bottom' : 'top';
      };
      await finish(await kase('Resize Rita'));
      await notice.waitFor({ timeout: 20_000 });
      await expect.poll(where).toBe('top');
      await resizeTo(page, PHONE);
      await expect.poll(where).toBe('bottom');
      await resizeTo(page, DESKTOP);
      await expect.poll(where).toBe('top');
      // Moved, it is still the same notice: put away once, it is gone.
      await notice.getByRole('button', { name: text('notices.closeTask') }).click();
      await notice.waitFor({ state: 'detached' });

      // Shown on the list, it does not follow the person to another page (nor offer there to open the case shown).
      const open = await kase('Open Otto');
      await finish(open);
      await notice.waitFor({ timeout: 20_000 });
      await notice.locator('.realtime-task-open').waitFor();
      const row = page.locator('.case-list tr.ant-table-row').filter({ hasText: 'Open Otto' }).first();
      await row.hover();
      await row.getByTestId('action-detail').click();
      await page.waitForURL((url) => url.pathname === `/v5/case/${encodeURIComponent(open)}`);
      await page
        .getByTestId('case-page-patient')
        .filter({ hasText: 'Open Otto' })
        .waitFor({ timeout: 20_000 });
      await notice.waitFor({ state: 'detached' });
      // On the case it is about, a notice does not offer to open it again.
      const again = await kase('Otto again');
      await page.goto(`${base}/v5/case?id=${encodeURIComponent(again)}`);
      await page.waitForURL(`${base}/v5/case/${encodeURIComponent(again)}`);
      await page
        .getByTestId('case-page-patient')
        .filter({ hasText: 'Otto again' })
        .waitFor({ timeout: 20_000 });
      await finish(again);
      await notice.waitFor({ timeout: 20_000 });
      await expect(notice.locator('.realtime-task-open').count()).resolves.toBe(0);
      await page.screenshot({ path: `${SHOTS}/task-notice-on-case-1440.png` });
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    "on a phone a new case's toast is a slim bar over the top bar: it covers none of the list and goes by itself",
    { timeout: 300_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const [clinic, lab] = await Promise.all([p.clinic('Slim Clinic'), p.lab('Slim Lab')]);
      await p.password(clinic.owner, 'slim_pw1');
      const scanner = await p.sendsTo(clinic, lab);
      await p.kase(scanner, clinic.owner, { patientName: 'Earlier Emma' });
      await resizeTo(page, PHONE);
      const joined = hubJoined(page, lab.owner.userId);
      await openAs(page, base, lab.owner, '/v5/case');
      await caseListShown(page);
      await joined;
      await watchNotice('Slim Sam');
      const scanDir = e2eTempDir('archway-slim-');
      writeFileSync(path.join(scanDir, 'upper.ply'), jawPly('upper', 7, 8_000));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'slim_pw1'],
        ...['--device', scanner.serial, '--type', '3', '--patient', 'Slim Sam'],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none'],
        path.join(scanDir, 'upper.ply'),
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const toast = page.locator('.realtime-case-arrived').filter({ hasText: 'Slim Sam' });
      await toast.waitFor({ timeout: 20_000 });
      await frames(page);
      const box = await boxOf(toast);
      const bar = await boxOf(page.locator('.ant-layout-header'));
      // Within the top bar's height, and over none of the list's cards or its toolbar.
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
      // Slim: it would fit the other theme's 56 px top bar too (4 px from the top).
      expect(box.height).toBeLessThanOrEqual(52);
      expect(overlaps(box, await boxOf(page.locator('.case-list')))).toBe(false);
      expect(await toast.getAttribute('role')).toBe('status');
      await page.screenshot({ path: `${SHOTS}/arrival-slim-390.png` });
      // The list stays usable meanwhile: the new case's card is there to open.
      await page.locator('.case-list [data-testid=table-card]').filter({ hasText: 'Slim Sam' }).waitFor();
      // It goes by itself.
      await goesByItself(toast, ARRIVAL_MS);
      await resizeTo(page, DESKTOP);
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
