import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startJourney, type Journey } from './server.ts';

/**
 * Every screen at a phone (390 px), a tablet (768 px) and a desktop (1440 px) width, as clinic, lab and
 * administrator: a screenshot of each under test-results/screens/, and a failure for every screen whose
 * document is wider than the viewport (`scrollWidth > innerWidth`: a page that scrolls sideways).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENS = path.join(here, '..', 'test-results', 'screens');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

type Account = 'clinic' | 'lab' | 'admin';
const ACCOUNTS: Account[] = ['clinic', 'lab', 'admin'];

describe('every screen at 390, 768 and 1440 px', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  /** Screens wider than their viewport: "<account> <width> <screen>: <scrollWidth> > <innerWidth>". */
  const tooWide: string[] = [];
  const visited: string[] = [];

  /** The Content-Security-Policy refusals the browser reports (the splash's inline script must pass). */
  const cspRefusals: string[] = [];

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SCREENS, demoCases: true });
    ({ page, base } = journey);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
    });
  });

  afterAll(async () => {
    await journey?.close();
  });

  /** Lets animations (drawers, tabs, spinners) settle. */
  const settle = () => page.waitForTimeout(500);

  /** Screenshot and width check of what is on screen now. */
  async function check(who: string, width: number, screen: string) {
    await settle();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    const name = `${who}-${width}-${screen}`;
    visited.push(name);
    if (scrollWidth > innerWidth) tooWide.push(`${name}: ${scrollWidth} > ${innerWidth}`);
    await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
  }

  async function signIn(username: Account) {
    await signOut();
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    await page.locator('input#username').fill(username);
    await page.locator('input#password').fill('demo123');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('user-card').waitFor();
  }

  /** Binds a demo scanner for the signed-in organization through the API (bind code of the demo seed). */
  async function bindDevice(serial: string, name: string) {
    const status = await page.evaluate(
      async ({ serial, name }) => {
        const answer = await fetch('/api2/device/scan/regist', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
          },
          body: JSON.stringify({ number: serial, secret: '123456', name }),
        });
        return ((await answer.json()) as { success: boolean }).success;
      },
      { serial, name },
    );
    expect(status).toBe(true);
  }

  /** Forgets the session (token, provider cookie) so the next sign-in shows the form. */
  async function signOut() {
    if (page.url().startsWith(base)) await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
  }

  /** The top bar's item: directly at ≥ 768 px, from the overflow menu (…) on a phone. */
  async function topBarItem(testId: string, menuText: RegExp) {
    const direct = page.getByTestId(testId);
    if (await direct.isVisible()) return direct.click();
    await page.getByTestId('top-bar-more').click();
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: menuText })
      .first()
      .click();
  }

  async function closeOverlays() {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }

  /** The shared table on /manager: hide a column (stored per page, kept after a reload), switch to cards. */
  async function columnChooserAndCards() {
    const table = page.getByTestId('registry-table');
    const headers = () => table.locator('thead th').allInnerTexts();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await headers()).toContain('Area');
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-pref-area').locator('input[type=checkbox]').click();
    await settle();
    expect(await headers()).not.toContain('Area');
    await check('admin', 1440, 'manager-columns');
    const stored = await page.evaluate(() => localStorage.getItem('table-columns:manager.registry'));
    expect(JSON.parse(stored ?? '[]')).toContainEqual(expect.objectContaining({ key: 'area', shown: false }));
    await page.reload();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await headers()).not.toContain('Area');

    // Cards on a wide screen by choice; back to the table.
    await page.getByTestId('table-view').locator('.ant-segmented-item').nth(1).click();
    await page.getByTestId('table-card').first().waitFor();
    await check('admin', 1440, 'manager-cards');
    await page.getByTestId('table-view').locator('.ant-segmented-item').nth(0).click();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.evaluate(() => localStorage.removeItem('table-columns:manager.registry'));
  }

  it('the sign-in page fits every width', async () => {
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    // index.html's splash is removed once React has mounted.
    await page.locator('#splash').waitFor({ state: 'detached' });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await check('anonymous', size.width, 'login');
    }
  });

  for (const account of ACCOUNTS) {
    it(`${account}: home, devices and their tabs, settings, guide${account === 'admin' ? ', manager' : ''}`, async () => {
      await page.setViewportSize(WIDTHS[2]);
      await signIn(account);
      // The lab owns a device with a long name, so its list shows rows (cards with actions on a phone).
      if (account === 'lab')
        await bindDevice('C10000002', 'Scanner in the second treatment room, upstairs, next to x-ray');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        const w = size.width;

        await page.goto(`${base}/v5/home`);
        await page.getByTestId('user-card').waitFor();
        await check(account, w, 'home');

        // The phone's menu is a drawer behind the hamburger.
        if (w < 768) {
          await page.getByTestId('menu-toggle').click();
          await page.locator('.menu-drawer .ant-menu').waitFor();
          await check(account, w, 'menu-drawer');
          await closeOverlays();
          await page.getByTestId('top-bar-more').click();
          await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
          await check(account, w, 'top-bar-more');
          await closeOverlays();
        }

        await page.goto(`${base}/v5/device`);
        // An account without an organization (the administrator) sees a notice instead of the tabs.
        await page.locator('.ant-tabs-tab, .ant-layout-content .ant-result').first().waitFor();
        const tabs = page.locator('.ant-tabs-tab');
        await check(account, w, 'device-all');
        const tabCount = await tabs.count();
        for (let i = 1; i < tabCount; i += 1) {
          await tabs
            .nth(i)
            .locator('.ant-tabs-tab-btn')
            .evaluate((el: HTMLElement) => el.click());
          await check(account, w, `device-tab${i}`);
        }

        if (account !== 'admin') {
          for (const screen of ['case', 'caseNot', 'recycle']) {
            await page.goto(`${base}/v5/${screen}`);
            await page.getByTestId('case-search').waitFor();
            await check(account, w, screen);
          }
        }

        if (account === 'admin') {
          await page.goto(`${base}/v5/manager`);
          await page.getByTestId('registry').waitFor();
          await check(account, w, 'manager');
          if (w === 1440) await columnChooserAndCards();
        }

        await page.goto(`${base}/v5/home`);
        await page.getByTestId('user-card').waitFor();
        await topBarItem('open-settings', /^(Settings)$/);
        await page.locator('.settings-drawer .ant-drawer-body').waitFor();
        await check(account, w, 'settings');
        await closeOverlays();

        // The first-use guide, where the account may open it (an organization's member).
        await settle();
        const guideButton = page.getByTestId('open-guide');
        const more = page.getByTestId('top-bar-more');
        let guideShown = false;
        if (await guideButton.isVisible()) {
          await guideButton.click();
          guideShown = true;
        } else if (await more.isVisible()) {
          await more.click();
          const item = page
            .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
            .filter({ hasText: /^Guide$|first-use|New-user guide/i });
          if ((await item.count()) > 0) {
            await item.first().click();
            guideShown = true;
          } else await closeOverlays();
        }
        if (guideShown) {
          await page.getByTestId('guide-footer').waitFor();
          await check(account, w, 'guide');
          await page.locator('.ant-modal-close').first().click();
          await settle();
        }
      }
    });
  }

  it('no screen is wider than its viewport', () => {
    expect(visited.length).toBeGreaterThan(30);
    expect(tooWide).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
    expect(cspRefusals).toEqual([]);
  });
});
