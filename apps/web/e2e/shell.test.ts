import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

/**
 * The web app shell journey in a real browser against a real server: sign in through the UI as
 * `clinic`, see "Demo Clinic", switch to German, switch to the first system, sign out.
 */
const CHROMIUM = '/usr/bin/chromium';
const SHOTS = '/tmp/shots';
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist', 'index.html');
const de = JSON.parse(readFileSync(path.join(here, '..', 'src', 'locales', 'de', 'common.json'), 'utf8')) as {
  routes: { home: string };
  settings: { language: string; exit: string };
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('web app shell in Chromium', () => {
  let app: FastifyInstance;
  let browser: Browser;
  let page: Page;
  let base = '';
  let dataDir = '';
  const pageErrors: string[] = [];

  const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

  beforeAll(async () => {
    // Mandatory: a missing browser or an unbuilt SPA fails the suite, never skips it.
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
    if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build -w @archway/web\` first`);
    mkdirSync(SHOTS, { recursive: true });

    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'archway-e2e-'));
    base = `http://127.0.0.1:${port}`;
    app = await buildApp(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        ARCHWAY_DEMO: 'true',
        LOG_LEVEL: 'warn',
      }),
    );
    await app.listen({ port, host: '127.0.0.1' });

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
    await page.locator('input#username').fill('clinic');
    await page.locator('input#password').fill('wrong-password');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('login-error').waitFor();
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain(
      'Wrong username or password',
    );
    await shot('02-sign-in-refused');

    await page.locator('input#password').fill('demo123');
    await page.waitForTimeout(2100); // the submit button stays disabled 2000 ms after a press
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/v5\/home$/);
    await page.getByTestId('org-name').getByText('Demo Clinic').waitFor();
    await expect(page.getByTestId('user-card').textContent()).resolves.toMatch(/Demo Clinic.*Clinic/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    await shot('03-home');

    // Settings → change language → Deutsch: stored, page reloads in German.
    await page.getByTestId('open-settings').click();
    await page.locator('.settings-drawer').getByText('Deutsch', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await page.getByTestId('page-title').getByText(de.routes.home).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('de');
    await page.getByTestId('org-name').getByText('Demo Clinic').waitFor();
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

    // The top-bar switch goes back to the second system the same way.
    await page.getByTestId('system-switch').locator('.ant-segmented-item').nth(1).click();
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

    expect(pageErrors).toEqual([]);
  });
});
