import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { latestVersion } from '../../server/src/modules/updates/updates.service.ts';
import { testDatabase } from '../../server/src/testing/test-db.ts';
import { freePort } from '../../server/src/platform/net.ts';

/**
 * What every Playwright journey needs: the real server on a database copied from the run's demo template, the
 * built SPA, and Debian's Chromium (never downloaded).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = '/tmp/shots';
const here = path.dirname(fileURLToPath(import.meta.url));
/** The built SPA: apps/web/dist, or another build named by WEB_DIST (so parallel work can build apart). */
const webDist = process.env.WEB_DIST ?? path.join(here, '..', 'dist');
const dist = path.join(webDist, 'index.html');

export { freePort };

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
   * A journey that writes release notes (off by default) gets a server of its own. The server keeps what each person
   * has seen (issue 33): a person's first sign-in stores the latest version, so the dialog opens by itself only for a
   * note added later, which would cover what other journeys click. Without it every page also starts with the spec's
   * local `updateTips` set, which the app no longer reads.
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

interface SharedServer {
  app: FastifyInstance;
  base: string;
  publicUrl: string;
}

/**
 * What is expensive is shared within a test worker (the e2e project runs files without isolation, several workers in
 * parallel): one Chromium, and one server per distinct set of server options, each on a database copied from the
 * run's demo template. They live as long as the worker. A journey gets a browser context of its own.
 */
let browserOnce: Promise<Browser> | undefined;
const servers = new Map<string, Promise<SharedServer>>();

function sharedBrowser(): Promise<Browser> {
  browserOnce ??= chromium.launch({
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
  return browserOnce;
}

/**
 * A folder for a journey's files: inside the run's scratch folder (testing/global-setup.ts removes it when the run
 * ends, however its workers end), else the system's temporary folder.
 */
export const e2eTempDir = (prefix: string) =>
  mkdtempSync(path.join(process.env.ARCHWAY_TEST_SCRATCH ?? tmpdir(), prefix));

async function startServer(options: JourneyOptions): Promise<SharedServer> {
  const port = await freePort();
  // The server lives as long as the worker and is not closed: its data goes when the worker exits, else with the run.
  const dataDir = e2eTempDir('archway-e2e-');
  const discard = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', discard);
  const base = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const database = await testDatabase('demo');
  const app = await buildApp(
    loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      ARCHWAY_DEMO: 'true',
      ARCHWAY_DEMO_CASES: options.demoCases ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...options.env,
    }),
  );
  app.addHook('onClose', async () => {
    await database.drop();
    discard();
    process.off('exit', discard);
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base, publicUrl };
}

function sharedServer(options: JourneyOptions): Promise<SharedServer> {
  const key = JSON.stringify([options.publicHost ?? '', options.demoCases ?? false, options.env ?? {}]);
  let server = servers.get(key);
  if (!server) {
    server = startServer(options);
    servers.set(key, server);
  }
  return server;
}

/**
 * A journey: the worker's server for these options (started on first use) and a fresh browser context and page
 * (1440 × 900, en-US, reduced motion). `close()` closes the context only.
 */
export async function startJourney(options: JourneyOptions = {}): Promise<Journey> {
  const shots = options.shotsDir ?? SHOTS;
  // Mandatory: a missing browser or an unbuilt SPA fails the suite, never skips it.
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build -w @archway/web\` first`);
  mkdirSync(shots, { recursive: true });
  const [{ app, base, publicUrl }, shared] = await Promise.all([sharedServer(options), sharedBrowser()]);

  // Every context of this journey (its own, and any it opens for a second person) starts with the web app's release
  // notes (type 1) read up to the latest version, unless the journey lets the update dialog open by itself.
  const read = options.updateNotes ? '' : await latestVersion(app.platform.db, 1);
  const contexts: BrowserContext[] = [];
  const newContext: Browser['newContext'] = async (contextOptions) => {
    const opened = await shared.newContext(contextOptions);
    contexts.push(opened);
    if (read) await opened.addInitScript(markUpdatesRead, read);
    return opened;
  };
  const browser = new Proxy(shared, {
    get: (target, prop, receiver) =>
      prop === 'newContext' ? newContext : (Reflect.get(target, prop, receiver) as unknown),
  });
  // Reduced motion switches Ant Design's transitions off: a journey never clicks an option still sliding in.
  const context = await newContext({
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
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    },
  };
}

/**
 * Signs in by token, for journeys that do not test the sign-in screens: the token goes into the tab's sessionStorage
 * (where the app keeps it) before the app's scripts run, once per tab, so a later sign-out stays signed out. Call it
 * before the page's first navigation; then open any route.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e:token-given')) return;
    sessionStorage.setItem('e2e:token-given', '1');
    sessionStorage.setItem('token', t);
  }, token);
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
