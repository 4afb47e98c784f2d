import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { SHOTS, startJourney, type Journey } from './server.ts';
import { caseListShown, DESKTOP, openAs, PHONE, TABLET } from './support/page.ts';
import { jawPly, people, type People } from './support/people.ts';

/**
 * Issue 24, item 1: a case's actions are on screen without hovering, at every width, and reachable by touch. A lab on
 * a touch tablet (768 px) taps a case's preview, download and detail in the table (preview and detail open the case's
 * page, issue 32); on a touch phone (390 px) the compact card opens the page and its menu holds the actions; at 768 px the Actions column covers no other column; at 1440 px the table's columns stay where they
 * are while a download's ring shows. Window screenshots (JPEG) go to `<SHOTS>/case-actions/`.
 */
const PATIENTS = ['Tap Ada', 'Tap Ben'] as const;
const shotsDir = path.join(SHOTS, 'case-actions');

describe('case actions by touch in Chromium', () => {
  let journey: Journey;
  let base = '';
  let p: People;
  let lab: OrgRef;
  let clinic: OrgRef;
  let firstCase = '';

  beforeAll(async () => {
    journey = await startJourney();
    base = journey.base;
    p = people(journey.app);
    [clinic, lab] = await Promise.all([p.clinic('Touch Clinic'), p.lab('Touch Lab')]);
    const scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
    const ids: string[] = [];
    for (const [i, patientName] of PATIENTS.entries())
      ids.push(
        await p.kase(scanner, clinic.owner, {
          patientName,
          caseType: 3,
          upperJaw: true,
          files: [{ name: 'upper.ply', body: jawPly('upper', 40 + i, 4_000) }],
        }),
      );
    firstCase = ids[0]!;
    mkdirSync(shotsDir, { recursive: true });
  });

  afterAll(async () => {
    await journey?.close();
  });

  /** A touch device's tab, signed in as the lab's owner, on /case. */
  async function touchTab(size: {
    width: number;
    height: number;
  }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await journey.browser.newContext({
      viewport: size,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await openAs(page, base, lab.owner, '/v5/case', { shell: false });
    await caseListShown(page);
    return { context, page };
  }

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(shotsDir, `${name}.jpg`), type: 'jpeg', quality: 60 });

  /** The row (table) or card (phone) of a patient's case. */
  const caseRow = (page: Page, patient: string): Locator =>
    page
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: page.getByTestId('case-patient').getByText(patient, { exact: true }) })
      .first();

  /**
   * A person can see and tap the button: fully opaque, inside the window, and what is drawn at its middle is the
   * button itself (no pinned column, card band or other layer over it).
   */
  async function expectTappable(button: Locator) {
    await button.waitFor();
    const seen = await button.evaluate((el) => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const top = document.elementFromPoint(x, y);
      return {
        opacity,
        inWindow: r.left >= 0 && r.right <= window.innerWidth && r.width > 0 && r.height > 0,
        onTop: !!top && (top === el || el.contains(top)),
      };
    });
    expect(seen).toEqual({ opacity: 1, inWindow: true, onTop: true });
  }

  /** The case's page came (issue 32: the list's preview and detail open it), showing the patient; Back returns. */
  async function onThePageAndBack(page: Page, prefix: string, query = '') {
    await page.waitForURL(`${base}/v5/case/${firstCase}${query}`);
    await page.getByTestId('case-view-page').waitFor();
    await expect(page.getByTestId('case-page-patient').innerText()).resolves.toContain(PATIENTS[0]);
    await shot(page, prefix);
    await page.goBack();
    await caseListShown(page);
  }

  /** Taps a row's preview, download and detail: preview and detail open the case's page, download saves the zip. */
  async function tapTheTrio(page: Page, row: Locator, prefix: string) {
    for (const action of ['preview', 'download', 'detail'])
      await expectTappable(row.getByTestId(`action-${action}`));

    await row.getByTestId('action-preview').tap();
    await onThePageAndBack(page, `${prefix}-preview`);

    const saved = page.waitForEvent('download');
    await row.getByTestId('action-download').tap();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);

    await row.getByTestId('action-detail').tap();
    await onThePageAndBack(page, `${prefix}-detail`, '?tab=details');
  }

  it('a lab on a touch tablet taps a case’s preview, download and detail in the table; Actions covers nothing', async () => {
    const { context, page } = await touchTab(TABLET);
    try {
      await page.locator('.case-list .ant-table').waitFor();
      const row = caseRow(page, PATIENTS[0]);
      await row.waitFor();
      await shot(page, `table-${TABLET.width}`);

      // Every cell of the header and of the rows: the Actions cells overlap none of the others.
      const overlaps = await page.evaluate(() => {
        const found: string[] = [];
        for (const tr of document.querySelectorAll(
          '.case-list .ant-table thead tr, .case-list tr.ant-table-row',
        )) {
          const cells = [...tr.children] as HTMLElement[];
          const actions = cells.filter(
            (c) => c.querySelector('.case-row-actions') || c.textContent?.trim() === 'Actions',
          );
          for (const a of actions) {
            const ra = a.getBoundingClientRect();
            for (const c of cells) {
              if (c === a || c.classList.contains('ant-table-cell-scrollbar')) continue;
              const rc = c.getBoundingClientRect();
              const across = Math.min(ra.right, rc.right) - Math.max(ra.left, rc.left);
              if (across > 1) found.push(`${c.textContent?.trim().slice(0, 20) || '(empty)'}: ${across} px`);
            }
          }
        }
        return found;
      });
      expect(overlaps).toEqual([]);

      await tapTheTrio(page, row, `table-${TABLET.width}`);
    } finally {
      await context.close();
    }
  });

  it('a lab on a touch phone taps a case’s compact card to open its page, and its actions from the card’s menu', async () => {
    const { context, page } = await touchTab(PHONE);
    try {
      const card = caseRow(page, PATIENTS[0]);
      await card.waitFor();
      await expect(card.getAttribute('data-testid')).resolves.toBe('table-card');
      // One compact card: the thumbnail and three lines, far from a screen-high block.
      const height = await card.evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThan(140);
      await shot(page, `cards-${PHONE.width}`);
      // The card opens the case's page.
      await expectTappable(card.getByTestId('case-open'));
      await card.getByTestId('case-open').tap();
      await onThePageAndBack(page, `cards-${PHONE.width}-page`);
      // The actions: one menu button on the card, named for the case, each action in words.
      const more = card.getByTestId('action-more');
      await expectTappable(more);
      await expect(more.getAttribute('aria-label')).resolves.toContain(PATIENTS[0]);
      await more.tap();
      const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu').last();
      await menu.waitFor();
      await shot(page, `cards-${PHONE.width}-menu`);
      const saved = page.waitForEvent('download');
      await menu.getByText('Download', { exact: true }).tap();
      expect((await saved).suggestedFilename()).toMatch(/\.zip$/);
      await more.tap();
      await menu.waitFor();
      await menu.getByText('Details', { exact: true }).tap();
      await onThePageAndBack(page, `cards-${PHONE.width}-detail`, '?tab=details');
    } finally {
      await context.close();
    }
  });

  it('at 1440 px the actions show without hovering and the columns stay put while a download runs', async () => {
    const context = await journey.browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await openAs(page, base, lab.owner, '/v5/case', { shell: false });
      await caseListShown(page);
      const row = caseRow(page, PATIENTS[1]);
      await row.waitFor();
      // The mouse is away from every row.
      await page.mouse.move(0, 0);
      await shot(page, `table-${DESKTOP.width}`);
      await expectTappable(row.getByTestId('action-preview'));
      const lefts = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('.case-list .ant-table thead th')].map((th) =>
            Math.round(th.getBoundingClientRect().left),
          ),
        );
      const before = await lefts();

      // A slow line: the ring shows for a while.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 8 * 1024,
        uploadThroughput: -1,
      });
      const saved = page.waitForEvent('download');
      await row.getByTestId('action-download').click();
      await page.waitForFunction(() => {
        const button = document.querySelector('[data-testid=action-download][data-percent]');
        const percent = Number(button?.getAttribute('data-percent'));
        return percent > 0 && percent < 100;
      });
      await shot(page, `download-ring-${DESKTOP.width}`);
      expect(await lefts()).toEqual(before);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await saved;
    } finally {
      await context.close();
    }
  });

  it('"Order comments" shows new replies once: the count in the open menu, the dot in the collapsed one', async () => {
    const comment = await clinic.owner.call('POST', '/api/case/comment', {
      caseId: firstCase,
      text: 'Please check the margin on 36.',
    });
    expect(comment.body.success).toBe(true);
    const context = await journey.browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await openAs(page, base, lab.owner, '/v5/case', { shell: false });
      await caseListShown(page);
      const count = page.getByTestId('replies-badge').first().locator('.ant-badge-count');
      const dot = page.getByTestId('replies-dot').first().locator('.ant-badge-dot');
      await count.waitFor();
      await expect(count.innerText()).resolves.toBe('1');
      await shot(page, `menu-open-${DESKTOP.width}`);
      await expect(dot.isVisible()).resolves.toBe(false);

      await page.getByTestId('menu-toggle').click();
      await page.locator('.ant-menu-inline-collapsed').first().waitFor();
      // The collapsed menu shows icons only (its names, the count with them, are hidden by the menu itself).
      await dot.waitFor();
      await shot(page, `menu-collapsed-${DESKTOP.width}`);
    } finally {
      await context.close();
    }
  });
});
