import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { latestVersion } from '../../server/src/modules/updates/updates.service.ts';

/**
 * What every Playwright journey needs: the real server on a fresh PGlite with the demo data, the
 * built SPA, and Debian's Chromium (never downloaded).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = '/tmp/shots';
const here = path.dirname(fileURLToPath(import.meta.url));
/** The built SPA: apps/web/dist, or another build named by WEB_DIST (so parallel work can build apart). */
const webDist = process.env.WEB_DIST ?? path.join(here, '..', 'dist');
const dist = path.join(webDist, 'index.html');

export function freePort(): Promise<number> {
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

export interface JourneyOptions {
  /**
   * The host name of PUBLIC_URL (default 127.0.0.1, the address the browser opens). With `localhost`,
   * the browser opens another address than PUBLIC_URL, as a newcomer typing 127.0.0.1 does.
   */
  publicHost?: string;
  /** Where `shot()` writes (default /tmp/shots). */
  shotsDir?: string;
  /** The demo cases too (they bind two demo scanners to Demo Clinic; off by default). */
  demoCases?: boolean;
  /** More server configuration, as environment variables (e.g. `{ BRAND: 'lumident' }`). */
  env?: Record<string, string>;
  /**
   * Let the update dialog open by itself (off by default). The demo ships release notes, so after sign-in the dialog
   * would cover what a journey clicks: unless asked for, every page starts with `updateTips` set to the latest
   * version at start (a note a journey adds later still opens it).
   */
  updateNotes?: boolean;
}

export interface Journey {
  /** The address the browser opens (http://127.0.0.1:port). */
  base: string;
  /** PUBLIC_URL of the server. */
  publicUrl: string;
  app: FastifyInstance;
  browser: Browser;
  page: Page;
  /** Errors the page threw (a journey expects none). */
  pageErrors: string[];
  /**
   * Waits until a toast with this text has been shown since the last wait that matched it. Toasts last 3 s; a
   * loaded machine may be slower than that between an action and the wait, so every toast is recorded when the app
   * shows it (and each recording answers one wait).
   */
  toast(text: string): Promise<void>;
  shot(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** Starts the server and a browser page (1440 × 900, en-US). */
export async function startJourney(options: JourneyOptions = {}): Promise<Journey> {
  const shots = options.shotsDir ?? SHOTS;
  // Mandatory: a missing browser or an unbuilt SPA fails the suite, never skips it.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build -w @archway/web\` first`);
  mkdirSync(shots, { recursive: true });

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'archway-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const app = await buildApp(
    loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      ARCHWAY_DEMO: 'true',
      ARCHWAY_DEMO_CASES: options.demoCases ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...options.env,
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });

  const browser = await chromium.launch({
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
  if (!options.updateNotes) {
    // Every context of this browser (the journey's, and any a journey opens for a second person) starts with the
    // web app's release notes (type 1) read up to the latest version.
    const read = await latestVersion(app.platform.db, 1);
    const open = browser.newContext.bind(browser);
    browser.newContext = async (contextOptions) => {
      const opened = await open(contextOptions);
      await opened.addInitScript(markUpdatesRead, read);
      return opened;
    };
  }
  // Reduced motion switches Ant Design's transitions off: a journey never clicks an option still sliding in.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));

  return {
    base,
    publicUrl,
    app,
    browser,
    page,
    pageErrors,
    toast: async (text) => {
      await page.waitForFunction((wanted) => {
        const seen = (window as unknown as ToastLog).__toasts ?? [];
        const at = seen.findIndex((t) => t.includes(wanted));
        if (at >= 0) seen.splice(at, 1);
        return at >= 0;
      }, text);
    },
    shot: (name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true }),
    close: async () => {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface ToastLog {
  __toasts?: string[];
}

/**
 * Runs in the page before its scripts: records each toast the app shows (shared/ui/toast.ts dispatches
 * `archway:toast`), a repeated one too, though antd shows it as the same notice.
 */
function recordToasts(): void {
  const log: string[] = [];
  (window as unknown as ToastLog).__toasts = log;
  window.addEventListener('archway:toast', (e) => log.push((e as CustomEvent<{ text: string }>).detail.text));
}

/** Runs in the page before its scripts: the user has read the update notes up to `version`. */
function markUpdatesRead(version: string): void {
  if (version) localStorage.setItem('updateTips', version);
}

/** The three widths every screen is checked at. */
export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

/**
 * Signs in on the sign-in page as `username`, first forgetting any earlier session (provider cookie and token), and
 * waits for the dashboard.
 */
export async function signInAs(
  page: Page,
  base: string,
  username: string,
  password = 'demo123',
): Promise<void> {
  await page.context().clearCookies();
  if (page.url().startsWith(base)) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
  // A page still redirecting may refuse the first navigation.
  await page.goto(`${base}/v5/login`).catch(() => page.goto(`${base}/v5/login`));
  await page.getByTestId('sign-in-card').waitFor();
  await page.locator('input#username').fill(username);
  await page.locator('input#password').fill(password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/v5\/home$/);
  await page.getByTestId('org-name').waitFor();
}

export interface Me {
  userId: string;
  custId: string;
}

/** The signed-in user, as `GET /user/current` answers the page's token. */
export function currentUserOf(page: Page): Promise<Me> {
  return page.evaluate(async () => {
    const answer = await fetch('/user/current', {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
    });
    return ((await answer.json()) as { data: Me }).data;
  });
}

/** Opens a case list (`/case`, `/caseNot`, `/recycle`) and waits until it has loaded. */
export async function openCaseList(page: Page, base: string, route: 'case' | 'caseNot' | 'recycle' = 'case') {
  await page.goto(`${base}/v5/${route}`);
  await page.locator('.case-list').waitFor();
  await page.locator('.case-list .ant-spin-spinning').first().waitFor({ state: 'detached' });
}
