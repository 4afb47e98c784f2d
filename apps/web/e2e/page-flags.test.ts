import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WIDTHS, signInAs, startJourney, type Journey } from './server.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The optional screens of issue 12 in Chromium: the platform administrator switches Demo Clinic's order-form designer
 * on and its model builder off in /manager; Demo Clinic's menu then shows /customizeOrder and hides /caseBuilder.
 * The tab is photographed at 390, 768 and 1440 px and must not be wider than the window.
 */
const en = readLocale('en') as { pageFlags: Record<string, string>; routes: Record<string, string> };
const SHOTS = '/tmp/shots-page-flags';

describe('optional screens switched in /manager', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  const menuHas = (path: '/customizeOrder' | '/caseBuilder') =>
    page.locator('.ant-layout-sider .ant-menu-item', { hasText: en.routes[path.slice(1)]! }).count();

  it('switches the order designer on and the builder off for Demo Clinic, whose menu follows', async () => {
    await signInAs(page, base, 'clinic');
    await expect.poll(() => menuHas('/caseBuilder')).toBe(1);
    expect(await menuHas('/customizeOrder')).toBe(0);
    await signInAs(page, base, 'admin');
    await page.goto(`${base}/v5/manager`);
    await page.getByTestId('tab-pages').click();
    await page.getByTestId('page-flags').getByRole('searchbox').fill('Demo Clinic');
    const row = page
      .getByTestId('page-flags-table')
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText('Demo Clinic', { exact: true }) });
    await row.waitFor();
    await row.locator('[data-testid^=flag-order-]').click();
    await journey.toast(
      en.pageFlags.switchedOn!.replace('{{screen}}', en.pageFlags.order!).replace('{{name}}', 'Demo Clinic'),
    );
    await row.locator('[data-testid^=flag-builder-]').click();
    await journey.toast(
      en.pageFlags
        .switchedOff!.replace('{{screen}}', en.pageFlags.builder!)
        .replace('{{name}}', 'Demo Clinic'),
    );
    expect(await row.locator('[data-testid^=flag-order-]').getAttribute('aria-checked')).toBe('true');
    expect(await row.locator('[data-testid^=flag-builder-]').getAttribute('aria-checked')).toBe('false');
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await journey.shot(`page-flags-${size.width}`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${size.width} px`).toBeLessThanOrEqual(innerWidth);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await signInAs(page, base, 'clinic');
    await page.locator('.ant-layout-sider').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('order'))).toBe('true');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('builder'))).toBe('false');
    await page.reload();
    await page.getByTestId('org-name').waitFor();
    await expect.poll(() => menuHas('/customizeOrder')).toBeGreaterThan(0);
    expect(await menuHas('/caseBuilder')).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
