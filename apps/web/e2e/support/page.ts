import path from 'node:path';
import type { Page, WebSocket } from 'playwright-core';
import { readLocale } from '../../src/locales/read-locale.ts';
import { signInWithToken } from '../server.ts';
import { tokenOf } from './people.ts';

/**
 * What the journeys do on the page: open a route signed in as a person, sign out, resize and wait for the layout,
 * wait until nothing loads, check a state at the three widths (nothing scrolls sideways, no untranslated key shows).
 */

/**
 * Opens `to` (a path under the server, e.g. `/v5/home`) signed in as `person` (or with a token): through
 * `signInWithToken` before the tab's first navigation, afterwards by swapping the tab's session (token, provider
 * cookie) for the person's, as a sign-out and sign-in would leave it. Waits for the app's top bar unless told it is
 * not a page of the shell.
 */
export async function openAs(
  page: Page,
  base: string,
  person: { headers: { authorization: string } } | string,
  to = '/v5/home',
  { shell = true }: { shell?: boolean } = {},
): Promise<void> {
  const token = typeof person === 'string' ? person : tokenOf(person);
  if (page.url().startsWith(base)) {
    await page.context().clearCookies();
    await page.evaluate((t) => {
      sessionStorage.clear();
      sessionStorage.setItem('e2e:token-given', '1');
      sessionStorage.setItem('token', t);
    }, token);
  } else await signInWithToken(page, token);
  await page.goto(`${base}${to}`);
  if (shell) await page.getByTestId('menu-toggle').waitFor();
}

/**
 * Forgets the tab's session (provider cookie, token) as a sign-out does, so the next page shows the sign-in screens;
 * a token given earlier by `signInWithToken` is not given again.
 */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  if (page.url().startsWith('http'))
    await page.evaluate(() => {
      sessionStorage.clear();
      sessionStorage.setItem('e2e:token-given', '1');
    });
}

/** Waits until the case list on screen (`/case`, `/caseNot`, `/recycle`) has loaded. */
export async function caseListShown(page: Page): Promise<void> {
  await page.locator('.case-list').waitFor();
  await page.locator('.case-list .ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/** Opens a case list as `person` and waits until it has loaded. */
export async function openCasesAs(
  page: Page,
  base: string,
  person: { headers: { authorization: string } },
  route: 'case' | 'caseNot' | 'recycle' = 'case',
): Promise<void> {
  await openAs(page, base, person, `/v5/${route}`, { shell: false });
  await caseListShown(page);
}

/** The three widths every screen works at. */
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
export const WIDTHS = [PHONE, TABLET, DESKTOP] as const;

/** Two frames drawn: what a resize or a click changed is laid out and painted. */
export const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/**
 * Resizes the window and waits until the app has laid itself out for the new width: the top bar (when the page has
 * one) is in that width's mode (the "…" menu below 1200 px: all items on a phone, the less-used ones on a tablet),
 * and two frames have been drawn.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => {
    if (window.innerWidth !== width) return false;
    const more = document.querySelector('[data-testid=top-bar-more]');
    const bar = document.querySelector('[data-testid=menu-toggle]');
    return !bar || width < 1200 === !!more;
  }, size.width);
  await frames(page);
}

/** How far the document is wider than the window (0 or less: nothing scrolls sideways). */
export const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The innermost elements reaching past the window's right edge (to say what to fix). */
const culprits = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && el.children.length === 0)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`),
  );

/**
 * One state of a screen at each width: after `ready` (what a person waits to see at that width), the document must
 * be no wider than the window (a chart that redraws at the new width gets until it has), and a screenshot of the
 * window goes to `<dir>/<name>-<width>.png`; then `after` (e.g. closing a panel that belongs to that width's layout).
 * Returns the widths that overflow ("<name> <width>: N px too wide (culprits)"); the page is left at 1440 px.
 */
export async function atWidths(
  page: Page,
  dir: string,
  name: string,
  ready?: (width: number) => Promise<unknown>,
  {
    widths = WIDTHS,
    after,
  }: {
    widths?: readonly { width: number; height: number }[];
    after?: (width: number) => Promise<unknown>;
  } = {},
): Promise<string[]> {
  const tooWide: string[] = [];
  for (const size of widths) {
    await resize(page, size);
    if (ready) await ready(size.width);
    // A chart drawn for the last width shrinks a moment after the window does: an overflow that stays is a fault.
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 3_000,
      })
      .catch(() => undefined);
    const over = await overflowOf(page);
    if (over > 0)
      tooWide.push(`${name} ${size.width}: ${over} px too wide (${(await culprits(page)).join(', ')})`);
    await page.screenshot({ path: `${dir}/${name}-${size.width}.png` });
    if (after) await after(size.width);
  }
  if (widths.at(-1)?.width !== DESKTOP.width) await resize(page, DESKTOP);
  return tooWide;
}

/**
 * Waits until nothing on the page is loading any more: no spinner turning, no skeleton, no top progress bar, no
 * table still loading, and two frames drawn after that.
 */
export async function settled(page: Page): Promise<void> {
  // Only what shows counts: a kept-alive page hidden behind the current one may wait for its turn.
  await page.waitForFunction(
    () =>
      ![
        ...document.querySelectorAll(
          '.ant-spin-spinning, .ant-skeleton-active, [data-testid=top-progress], .ant-table-placeholder .ant-spin',
        ),
      ].some((el) => el.checkVisibility()),
  );
  await frames(page);
}

/**
 * Runs `action`, which shows a toast with `text`, and waits until a person has seen that toast come and go (toasts
 * last 3 s): for what must outlast a toast, without a fixed wait.
 */
export async function toastComesAndGoes(
  page: Page,
  text: string,
  action: () => Promise<unknown>,
): Promise<void> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __e2eToastGone?: boolean };
    w.__e2eToastGone = false;
    let seen = false;
    new MutationObserver((_, observer) => {
      const shown = [...document.querySelectorAll('.ant-message-notice')].some((n) =>
        (n.textContent ?? '').includes(wanted),
      );
      if (shown) seen = true;
      else if (seen) {
        w.__e2eToastGone = true;
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  }, text);
  await action();
  await page.waitForFunction(
    () => (window as unknown as { __e2eToastGone?: boolean }).__e2eToastGone === true,
  );
}

/** The top-level key groups of the English texts (`cases`, `devices`, …): a text starting so may be a key. */
const NAMESPACES = Object.keys(readLocale('en'));

/**
 * The untranslated keys the page shows: texts (and placeholders, titles, labels) that read like `group.key…` of a
 * group of the English texts, as i18next shows a key it has no text for, and `{{name}}` placeholders left unfilled.
 * Literal text (`code`, `pre`, `kbd`: e.g. the audit log's action names, `console.search`) is what it says.
 */
export function untranslatedOn(page: Page): Promise<string[]> {
  return page.evaluate((namespaces) => {
    const key = new RegExp(
      `(?<![\\w@/.:-])(?:${namespaces.join('|')})(?:\\.[A-Za-z0-9_]+)+(?![\\w@/-])`,
      'g',
    );
    const found = new Set<string>();
    const look = (text: string | null | undefined) => {
      if (!text) return;
      for (const m of text.matchAll(key)) found.add(m[0]);
      if (/\{\{\s*\w+\s*\}\}/.test(text)) found.add(text.trim().slice(0, 80));
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('script, style, noscript, code, pre, kbd')) look(node.textContent);
    }
    for (const el of document.querySelectorAll('[placeholder], [title], [aria-label], [alt]'))
      for (const name of ['placeholder', 'title', 'aria-label', 'alt']) look(el.getAttribute(name));
    look(document.title);
    return [...found];
  }, NAMESPACES);
}

/**
 * An issue's screenshot (JPEG) into docs/screens/<issue>, only when KEEP_SCREENS is set: a run of the suite leaves
 * the checkout as it was.
 */
export async function issueScreen(page: Page, issue: string, name: string, quality = 70): Promise<void> {
  if (!process.env.KEEP_SCREENS) return;
  const dir = path.join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'screens', issue);
  await page.screenshot({ path: path.join(dir, `${name}.jpg`), type: 'jpeg', quality });
}

/** The `sub` of the access token in a socket.io CONNECT packet sent by the page (`40{"token":"…"}`), if any. */
function subjectOfConnect(payload: string | Buffer): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('40{')) return undefined;
  try {
    const { token } = JSON.parse(payload.slice(2)) as { token?: string };
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { sub?: string };
    return claims.sub;
  } catch {
    return undefined;
  }
}

/**
 * Resolves once a realtime socket of the person `userId` on `page` has joined the hub: the hub's answer (`40…`) to a
 * CONNECT whose token names them. The server puts a socket in its rooms before it answers, so from then on what is
 * announced to the person reaches the page. Call it before the page opens (the join comes soon after the load).
 */
export function hubJoined(page: Page, userId: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(bound);
      page.off('websocket', onSocket);
    };
    const bound = setTimeout(() => {
      done();
      reject(
        new Error(`the page's realtime socket of ${userId} did not join the hub within ${timeoutMs} ms`),
      );
    }, timeoutMs);
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/hubs/notify')) return;
      let mine = false;
      ws.on('framesent', ({ payload }) => {
        if (subjectOfConnect(payload) === userId) mine = true;
      });
      ws.on('framereceived', ({ payload }) => {
        if (mine && typeof payload === 'string' && payload.startsWith('40')) {
          done();
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

/**
 * Clicks the 3D viewer's canvas at spots around its middle until one lands on the scan, as `landed` tells (a tool's
 * next step shows); fails when none does.
 */
export async function clickTheScan(page: Page, landed: () => Promise<boolean>): Promise<void> {
  const box = (await page.getByTestId('viewer-canvas').boundingBox())!;
  const spots = [
    [0.5, 0.5],
    [0.5, 0.4],
    [0.5, 0.6],
    [0.4, 0.5],
    [0.6, 0.5],
    [0.35, 0.4],
    [0.65, 0.4],
    [0.3, 0.6],
    [0.7, 0.6],
  ] as const;
  for (const [x, y] of spots) {
    await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    if (await landed()) return;
  }
  throw new Error('no spot of the canvas landed on the scan');
}
