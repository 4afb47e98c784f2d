import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrgRef, PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { openAs } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The optional screens of issue 12 in Chromium: a platform administrator switches a fresh clinic's order-form
 * designer on and its model builder off in /manager; the clinic's menu then shows /customizeOrder and hides
 * /caseBuilder. (The tab at 390, 768 and 1440 px: responsive.test.ts.)
 */
const en = readLocale('en') as { pageFlags: Record<string, string>; routes: Record<string, string> };
const SHOTS = '/tmp/shots-page-flags';

describe('optional screens switched in /manager', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let clinic: OrgRef;
  let admin: PersonRef;

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    const p = people(journey.app);
    [clinic, admin] = await Promise.all([p.clinic('Flag Clinic'), p.admin()]);
  });
  afterAll(async () => {
    await journey?.close();
  });

  const menuHas = (path: '/customizeOrder' | '/caseBuilder') =>
    page.locator('.ant-layout-sider .ant-menu-item', { hasText: en.routes[path.slice(1)]! }).count();

  it('switches the order designer on and the builder off for a clinic, whose menu follows', async () => {
    await openAs(page, base, clinic.owner);
    await expect.poll(() => menuHas('/caseBuilder')).toBe(1);
    expect(await menuHas('/customizeOrder')).toBe(0);

    await openAs(page, base, admin, '/v5/manager?tab=pages');
    await page.getByTestId('page-flags').getByRole('searchbox').fill(clinic.name);
    const row = page
      .getByTestId('page-flags-table')
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText(clinic.name, { exact: true }) });
    await row.waitFor();
    await row.locator('[data-testid^=flag-order-]').click();
    await journey.toast(
      en.pageFlags.switchedOn!.replace('{{screen}}', en.pageFlags.order!).replace('{{name}}', clinic.name),
    );
    await row.locator('[data-testid^=flag-builder-]').click();
    await journey.toast(
      en.pageFlags.switchedOff!.replace('{{screen}}', en.pageFlags.builder!).replace('{{name}}', clinic.name),
    );
    expect(await row.locator('[data-testid^=flag-order-]').getAttribute('aria-checked')).toBe('true');
    expect(await row.locator('[data-testid^=flag-builder-]').getAttribute('aria-checked')).toBe('false');
    await journey.shot('page-flags-1440');

    await openAs(page, base, clinic.owner);
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
