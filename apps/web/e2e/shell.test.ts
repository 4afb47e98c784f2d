import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The web app shell journey in a real browser against a real server: a fresh clinic's owner signs in through the UI
 * (a wrong password first), sees the organization, switches to German, switches to the first system and signs out;
 * on a server whose PUBLIC_URL is another address, a newcomer is moved there before signing in, and an offline
 * page says so. These journeys test the sign-in screens: they sign in through the form.
 */
const de = readLocale('de') as {
  routes: { home: string };
  settings: { language: string; exit: string };
};
const en = readLocale('en') as { routes: { device: string } };

/** A fresh clinic whose owner signs in with `password`. */
async function clinicWithPassword(journey: Journey, prefix: string, password: string): Promise<OrgRef> {
  const p = people(journey.app);
  const clinic = await p.clinic(prefix);
  await p.password(clinic.owner, password);
  return clinic;
}

describe('web app shell in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let clinic: OrgRef;

  const shot = (name: string) => journey.shot(name);

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    clinic = await clinicWithPassword(journey, 'Shell Clinic', 'shell_pw1');
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('signs in, shows the organization, speaks German, switches system and signs out', async () => {
    // `/` of the server → /v5/ → /login → the provider → the sign-in form at /v5/login/{uid}.
    await page.goto(`${base}/`);
    await page.waitForURL(/\/v5\/login\/[^/?]+/);
    const card = page.getByTestId('sign-in-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Archway');
    await shot('01-sign-in');

    // A wrong password is refused on the form.
    await page.locator('input#username').fill(clinic.owner.username);
    await page.locator('input#password').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('login-error').waitFor();
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain(
      'Wrong username or password',
    );
    await shot('02-sign-in-refused');

    await page.locator('input#password').fill('shell_pw1');
    // The submit button stays disabled a moment after a press: the person waits until it can be pressed again.
    await page.locator('button[type=submit]:not([disabled])').waitFor();
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('org-name').getByText(clinic.name).waitFor();
    await expect(page.getByTestId('user-card').textContent()).resolves.toMatch(
      new RegExp(`${clinic.name}.*Clinic`),
    );
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await shot('03-home');

    // Settings → change language → Deutsch: stored, page reloads in German.
    // The top bar's language button opens the drawer on "change language" (its default entry is e-mail subscription).
    await page.getByTestId('language-indicator').click();
    await page.locator('.settings-drawer').getByText('Deutsch', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.getByTestId('page-title').getByText(de.routes.home).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de');
    await page.getByTestId('org-name').getByText(clinic.name).waitFor();
    await shot('04-german');

    // The first system: /v5/first/home → /redirect/home → /home with the first theme.
    const secondSider = await page
      .locator('.ant-layout-sider')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(`${base}/v5/first/home`);
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('org-name').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('system-type'))).toBe('first');
    expect(await page.evaluate(() => localStorage.getItem('theme-type'))).toBe('first-skin');
    expect(await page.evaluate(() => document.documentElement.dataset.system)).toBe('first');
    const firstSider = await page
      .locator('.ant-layout-sider')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(firstSider).not.toBe(secondSider);
    await shot('05-first-system');

    // The user menu's appearance switch goes back to the second system the same way.
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByTestId('system-second').click();
    await page.waitForFunction(() => localStorage.getItem('system-type') === 'second');
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('org-name').waitFor();

    // Settings → exit: signed out at the provider and back on the sign-in form.
    await page.getByTestId('open-settings').click();
    await page.locator('.settings-drawer').getByText(de.settings.exit, { exact: true }).click();
    await page.waitForURL(/\/v5\/login(\/[^/?]+)?$/);
    await page.getByTestId('sign-in-card').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await shot('06-signed-out');

    expect(journey.pageErrors).toEqual([]);
  });
});

describe('the canonical address in Chromium', () => {
  let journey: Journey;
  let clinic: OrgRef;

  beforeAll(async () => {
    // PUBLIC_URL is http://localhost:<port>; the browser opens http://127.0.0.1:<port>.
    journey = await startJourney({ publicHost: 'localhost' });
    clinic = await clinicWithPassword(journey, 'Canonical Clinic', 'canonical_pw1');
  });

  afterAll(async () => {
    await journey?.close();
  });

  it('moves a newcomer from 127.0.0.1 to PUBLIC_URL before sign-in, and sign-in ends signed in on /v5/home', async () => {
    const { page, base, publicUrl } = journey;
    expect(new URL(base).hostname).toBe('127.0.0.1');
    expect(new URL(publicUrl).hostname).toBe('localhost');

    await page.goto(`${base}/v5/`);
    await page.waitForURL(/\/v5\/login\/[^/?]+/);
    expect(new URL(page.url()).origin).toBe(publicUrl);
    await page.getByTestId('sign-in-card').waitFor();
    await journey.shot('canonical-01-sign-in');

    await page.locator('input#username').fill(clinic.owner.username);
    await page.locator('input#password').fill('canonical_pw1');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${publicUrl}/v5/home`);
    await page.getByTestId('org-name').getByText(clinic.name).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await journey.shot('canonical-02-home');

    // Offline: a banner says so instead of a spinner that never ends; back online it goes and data loads.
    await page.context().setOffline(true);
    await page.locator('.ant-layout-sider .ant-menu-item', { hasText: en.routes.device }).click();
    await page.waitForURL(`${publicUrl}/v5/device`);
    await page.getByTestId('offline-banner').waitFor();
    // The page's code could not arrive: a retry page, not a blank screen or an endless spinner.
    await page.getByTestId('chunk-retry').waitFor();
    await journey.shot('canonical-03-offline');
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    // Back online, the page loads by itself.
    await page.locator('.ant-tabs-tab').first().waitFor();

    // A deep link on the other address keeps its path.
    await page.goto(`${base}/v5/device?from=lan`);
    await page.waitForURL((url) => url.origin === publicUrl && url.pathname === '/v5/device');
    expect(new URL(page.url()).search).toBe('?from=lan');
    expect(journey.pageErrors).toEqual([]);
  });
});
