import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrgRef, PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, DESKTOP, hubJoined, openAs, PHONE, resize } from './support/page.ts';
import { people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The bell of issue 10 in a real browser against a real server: a fresh lab lends a device to a fresh clinic through
 * the API; the clinic's bell counts it, lists it, opens /device and marks it read; a recall adds another, "mark all
 * read" clears the count. A fresh administrator sets the service contacts in /manager and the clinic's bell shows its
 * desk. The bell and the manager tab are photographed at 390, 768 and 1440 px and must not be wider than the window.
 * Each test makes its own organizations; the service contacts (shared by the server) are put back at the end.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
const SHOTS = '/tmp/shots';

describe('the bell and the service contacts in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let admin: PersonRef;
  /** The service contacts before this journey, put back at its end. */
  let contactsBefore: unknown;

  const shot = (name: string) => journey.shot(`notices-${name}`);
  const count = () => page.getByTestId('notice-count').locator('.ant-badge-count');
  const openBell = async () => {
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-panel').waitFor();
    await page.getByTestId('notice-panel').locator('.ant-skeleton').first().waitFor({ state: 'detached' });
  };
  const closeBell = async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('notice-panel').waitFor({ state: 'hidden' });
  };
  /**
   * Waits for the bell to count `n`. Never reloads: a notice made while the page is open reaches it only through
   * the realtime message (the count's own refresh is a minute apart, and the page here is fresh), so broken realtime
   * fails here. Each look answers at once (a badge not shown is not waited for).
   */
  const expectCount = async (n: number) => {
    const shown = async () => {
      const badges = await count().allTextContents();
      return n === 0 ? badges.length === 0 : badges[0] === String(n);
    };
    await expect.poll(shown, { timeout: 15_000 }).toBe(true);
  };
  /** Opens the clinic owner's home and waits until its realtime socket has joined the hub. */
  const openLive = async (clinic: OrgRef) => {
    const joined = hubJoined(page, clinic.owner.userId);
    await openAs(page, base, clinic.owner);
    await joined;
  };

  /** A lab with a device named "Bell scanner", and a clinic (its owner on /v5/home). */
  async function lenderAndClinic() {
    const lab = await p.lab();
    const clinic = await p.clinic();
    const device = await p.device(lab, { name: 'Bell scanner' });
    return { lab, clinic, serial: device.serial };
  }
  const lend = async (lab: OrgRef, serial: string, clinic: OrgRef) => {
    const lent = await lab.owner.call('POST', '/api2/device/scan/auth', {
      number: serial,
      secret: '123456',
      custIds: [clinic.custId],
      expireTime: '1m',
    });
    expect(lent.body.success).toBe(true);
  };

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
    admin = await p.admin();
    contactsBefore = (await admin.call('GET', '/api2/admin/service/contacts')).body.data;
  });

  afterAll(async () => {
    await journey?.close();
    if (contactsBefore)
      expect((await admin.call('PUT', '/api2/admin/service/contacts', contactsBefore)).status).toBe(200);
  });

  it('an empty bell says so and shows the service desk', async () => {
    const clinic = await p.clinic();
    await openAs(page, base, clinic.owner);
    await expectCount(0);
    await openBell();
    await page.getByTestId('notices-empty').waitFor();
    expect(await page.getByTestId('notices-empty').textContent()).toContain(text('notices.empty'));
    await page.getByTestId('service-entry').waitFor();
    await shot('empty-1440');
    await closeBell();
    expect(journey.pageErrors).toEqual([]);
  });

  it('a device lent to the clinic appears in its bell, opens /device and is marked read', async () => {
    const { lab, clinic, serial } = await lenderAndClinic();
    await openLive(clinic);
    await expectCount(0);
    await lend(lab, serial, clinic);
    await expectCount(1);
    const tooWide = await atWidths(
      page,
      SHOTS,
      'notices-bell',
      async () => {
        await openBell();
        const item = page.getByTestId('notice-item').first();
        expect(await item.getAttribute('data-kind')).toBe('deviceLent');
        expect(await item.getAttribute('data-read')).toBe('no');
        expect(await item.textContent()).toContain(
          `${lab.name} authorized ${clinic.name} to use Bell scanner (${serial})`,
        );
      },
      { after: closeBell },
    );
    expect(tooWide).toEqual([]);
    await openBell();
    await page.getByTestId('notice-item').first().click();
    await page.waitForURL(/\/v5\/device/);
    await expectCount(0);
    await openBell();
    // The list shown at once may be the one read before the click; it is read again when the bell opens.
    await expect.poll(() => page.getByTestId('notice-item').first().getAttribute('data-read')).toBe('yes');
    await closeBell();
    expect(journey.pageErrors).toEqual([]);
  });

  it('mark all read clears the count', async () => {
    const { lab, clinic, serial } = await lenderAndClinic();
    await openLive(clinic);
    await lend(lab, serial, clinic);
    const manageable = await lab.owner.call('POST', '/api2/device/scan/manageable', { keyword: serial });
    const authId = manageable.body.data.records[0].authorizations[0].id as string;
    expect((await lab.owner.call('DELETE', '/api2/device/scan/auth', { id: authId })).body.success).toBe(
      true,
    );
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
    // Once the list has been read again, there is nothing left to mark.
    await expect.poll(() => page.getByTestId('notices-mark-all').isDisabled()).toBe(true);
    await closeBell();
    expect(journey.pageErrors).toEqual([]);
  });

  it('the administrator sets the service contacts and the clinic sees its desk', async () => {
    const clinic = await p.clinic();
    await openAs(page, base, admin, '/v5/manager');
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
    const tooWide = await atWidths(page, SHOTS, 'notices-manager', () =>
      page.getByTestId('service-contacts').waitFor(),
    );

    await openAs(page, base, clinic.owner);
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
    await closeBell();
    tooWide.push(
      ...(await atWidths(
        page,
        SHOTS,
        'notices-service',
        async () => {
          await openBell();
          await page.getByTestId('service-entry').waitFor();
        },
        { after: closeBell },
      )),
    );
    // On a phone the "…" menu opens the bell too.
    await resize(page, PHONE);
    await page.getByTestId('top-bar-more').click();
    await page.getByRole('menuitem', { name: text('notices.title') }).click();
    await page.getByTestId('service-entry').waitFor();
    await closeBell();

    // The notification mails' settings link opens the settings drawer on the e-mail subscriptions.
    await resize(page, DESKTOP);
    await page.goto(`${base}/v5/home?settings=mail`);
    await page.locator('.settings-drawer [data-testid=mail-case]').waitFor();
    await page.locator('.settings-drawer [data-testid=mail-equipment]').waitFor();
    await shot('mail-settings-1440');
    expect(tooWide).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  });
});
