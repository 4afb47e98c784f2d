import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { factories, type OrgRef } from '../../server/src/testing/factories.ts';
import { users } from '../../server/src/modules/users/users.schema.ts';
import { memberships } from '../../server/src/modules/orgs/orgs.schema.ts';
import { WIDTHS, signInAs, startJourney, type Journey } from './server.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The bell of issue 10 in a real browser against a real server: Demo Lab lends a device to Demo Clinic through the
 * API; the clinic's bell counts it, lists it, opens /device and marks it read; a recall adds another, "mark all read"
 * clears the count. The administrator sets the service contacts in /manager and the clinic's bell shows its desk.
 * The bell and the manager tab are photographed at 390, 768 and 1440 px and must not be wider than the window.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('the bell and the service contacts in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];
  let labToken = '';
  let clinicCustId = '';
  let serial = '';

  const shot = async (name: string) => {
    await page.waitForTimeout(400);
    await journey.shot(`notices-${name}`);
  };
  const checkWidth = async (what: string) => {
    // The layout follows a resize on the next frames (the top bar changes mode).
    await page.waitForTimeout(300);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) tooWide.push(`${what}: ${scrollWidth} > ${innerWidth}`);
  };
  const api = async (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) => {
    const res = await journey.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${labToken}` },
      payload,
    });
    return res.json() as { success: boolean; data: any };
  };
  const count = () => page.getByTestId('notice-count').locator('.ant-badge-count');
  const openBell = async () => {
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-panel').waitFor();
    await page.getByTestId('notice-panel').locator('.ant-skeleton').first().waitFor({ state: 'detached' });
  };
  /** Waits for the bell to count `n` (the realtime message refreshes it; a reload reads it otherwise). */
  const expectCount = async (n: number) => {
    const shown = async () =>
      n === 0
        ? (await count().count()) === 0
        : (await count()
            .textContent()
            .catch(() => '')) === String(n);
    for (let i = 0; i < 20 && !(await shown()); i++) await page.waitForTimeout(250);
    if (!(await shown())) {
      await page.reload();
      await page.getByTestId('notice-bell').waitFor();
      for (let i = 0; i < 40 && !(await shown()); i++) await page.waitForTimeout(250);
    }
    expect(await shown()).toBe(true);
  };

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    const { db, tokens } = journey.app.platform;
    const [lab] = await db
      .select({ userId: users.id, custId: memberships.custId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.username, 'lab'));
    const [clinic] = await db
      .select({ custId: memberships.custId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.username, 'clinic'));
    clinicCustId = clinic!.custId;
    labToken = await tokens.sign(lab!.userId, { ttl: 3600, custId: lab!.custId });
    const f = factories(journey.app);
    const labOrg = { custId: lab!.custId, name: 'Demo Lab', owner: { userId: lab!.userId } } as OrgRef;
    const device = await f.device(labOrg, { name: 'Bell scanner' });
    serial = device.serial;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('an empty bell says so and shows the service desk', async () => {
    await signInAs(page, base, 'clinic');
    await expectCount(0);
    await openBell();
    await page.getByTestId('notices-empty').waitFor();
    expect(await page.getByTestId('notices-empty').textContent()).toContain(text('notices.empty'));
    await page.getByTestId('service-entry').waitFor();
    await shot('empty-1440');
    await page.keyboard.press('Escape');
  });

  it('a device lent to the clinic appears in its bell, opens /device and is marked read', async () => {
    const lent = await api('POST', '/api2/device/scan/auth', {
      number: serial,
      secret: '123456',
      custIds: [clinicCustId],
      expireTime: '1m',
    });
    expect(lent.success).toBe(true);
    await expectCount(1);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await openBell();
      const item = page.getByTestId('notice-item').first();
      expect(await item.getAttribute('data-kind')).toBe('deviceLent');
      expect(await item.getAttribute('data-read')).toBe('no');
      expect(await item.textContent()).toContain(`Demo Lab lent Bell scanner (${serial}) to Demo Clinic`);
      await checkWidth(`bell ${size.width}`);
      await shot(`bell-${size.width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBell();
    await page.getByTestId('notice-item').first().click();
    await page.waitForURL(/\/v5\/device/);
    await expectCount(0);
    await openBell();
    expect(await page.getByTestId('notice-item').first().getAttribute('data-read')).toBe('yes');
    await page.keyboard.press('Escape');
  });

  it('mark all read clears the count', async () => {
    const manageable = await api('POST', '/api2/device/scan/manageable', { keyword: serial });
    const authId = manageable.data.records[0].authorizations[0].id as string;
    expect((await api('DELETE', '/api2/device/scan/auth', { id: authId })).success).toBe(true);
    expect(
      (
        await api('POST', '/api2/device/scan/auth', {
          number: serial,
          secret: '123456',
          custIds: [clinicCustId],
          expireTime: '1m',
        })
      ).success,
    ).toBe(true);
    await expectCount(2);
    await openBell();
    const kinds = await page
      .getByTestId('notice-item')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}:${e.getAttribute('data-read')}`));
    // Unread first.
    expect(kinds.slice(0, 2).every((k) => k.endsWith(':no'))).toBe(true);
    expect(kinds).toContain('deviceRecalled:no');
    await page.getByTestId('notices-mark-all').click();
    await expectCount(0);
    expect(await page.getByTestId('notices-mark-all').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('the administrator sets the service contacts and the clinic sees its desk', async () => {
    await signInAs(page, base, 'admin');
    await page.goto(`${base}/v5/manager`);
    await page.getByTestId('tab-service').click();
    await page.getByTestId('service-contacts').waitFor();
    await page.getByTestId('preSales-text').fill('Ask us before you buy');
    await page.getByTestId('preSales-phone').fill('+1 555 0100');
    await page.getByTestId('preSales-email').fill('sales@archway.test');
    await page.getByTestId('afterSales-text').fill('Help with your scanner, weekdays 8–18');
    await page.getByTestId('afterSales-phone').fill('+1 555 0200');
    await page.getByTestId('afterSales-email').fill('not an address');
    await page.getByTestId('service-contacts-save').click();
    await page.getByText(text('notices.manager.invalidEmail')).waitFor();
    await page.getByTestId('afterSales-email').fill('support@archway.test');
    await page.getByTestId('service-contacts-save').click();
    await journey.toast(text('notices.manager.saved'));
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await checkWidth(`manager ${size.width}`);
      await shot(`manager-${size.width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await signInAs(page, base, 'clinic');
    const desk = await page.evaluate(async () => {
      const answer = await fetch('/api/service/contacts', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
      });
      return ((await answer.json()) as { data: { desk: string } }).data.desk;
    });
    await openBell();
    const entry = page.getByTestId('service-entry');
    expect(await entry.getAttribute('data-desk')).toBe(desk);
    expect(await entry.textContent()).toContain(text(`notices.service.${desk}`));
    expect(await entry.textContent()).toContain(
      desk === 'preSales' ? 'sales@archway.test' : 'support@archway.test',
    );
    await page.keyboard.press('Escape');
    await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await openBell();
      await page.getByTestId('service-entry').waitFor();
      await checkWidth(`service ${size.width}`);
      await shot(`service-${size.width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });
    }
    // On a phone the "…" menu opens the bell too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.getByTestId('top-bar-more').click();
    await page.getByRole('menuitem', { name: text('notices.title') }).click();
    await page.getByTestId('service-entry').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });

    // The notification mails' settings link opens the settings drawer on the e-mail subscriptions.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${base}/v5/home?settings=mail`);
    await page.locator('.settings-drawer [data-testid=mail-case]').waitFor();
    await page.locator('.settings-drawer [data-testid=mail-equipment]').waitFor();
    await shot('mail-settings-1440');
    expect(tooWide).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  });
});
