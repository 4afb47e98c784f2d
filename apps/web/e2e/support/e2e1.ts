import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { CustType } from '@archway/contract';
import { factories, type OrgRef, type PersonRef } from '../../../server/src/testing/factories.ts';
import { customers, memberships } from '../../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../../server/src/modules/users/users.schema.ts';
import {
  orderForms,
  orderFormVersions,
  type OrderFieldRow,
} from '../../../server/src/modules/orders/orders.schema.ts';
import { DEMO_ORDER_FORM } from '../../../server/src/demo/seed-orders.ts';
import { hashPassword } from '../../../server/src/platform/identity/passwords.ts';
import { readLocale } from '../../src/locales/read-locale.ts';
import { signInWithToken } from '../server.ts';

/**
 * What the journeys of e2e1 (responsive, cases, devices, shell, register, network, realtime, page-flags, console,
 * audit-log) share: fresh people made with the server's factories, sign-in by token, the layout waits of a resize,
 * and the checks every screen gets (nothing scrolls sideways, no untranslated key shows).
 */

/** A short random suffix: names of one journey never meet those of another on a shared server. */
export const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * Fresh people for a journey, as the demo's are: organizations authorized, their first member the owner (the
 * organization's administrator), every address confirmed (no "verify your e-mail" dialog), the first-use guide seen.
 */
export function people(app: FastifyInstance) {
  const f = factories(app);
  const { db } = app.platform;

  const confirm = (person: { userId: string }) =>
    db.update(users).set({ emailConfirmed: '1' }).where(eq(users.id, person.userId));

  /** An organization named `<prefix> <random>` whose first member (`owner`, username `<login>` if given) owns it. */
  async function org(
    prefix: string,
    opts: Parameters<typeof f.org>[0] & { username?: string } = {},
  ): Promise<OrgRef> {
    const made = await f.org({ name: `${prefix} ${suffix()}`, ...opts });
    await db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, made.owner.userId));
    await confirm(made.owner);
    if (opts.username) {
      await db.update(users).set({ username: opts.username }).where(eq(users.id, made.owner.userId));
      made.owner.username = opts.username;
    }
    return made;
  }
  const clinic = (prefix = 'Clinic', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.clinic, ...opts });
  const lab = (prefix = 'Lab', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.lab, ...opts });

  /** Another member of `of` (or a person without an organization), the address confirmed. */
  async function person(of: { custId: string } | null, opts: { username?: string; email?: string } = {}) {
    const made = await f.user(of, opts);
    await confirm(made);
    return made;
  }

  /** A platform administrator without an organization. */
  async function admin(): Promise<PersonRef> {
    const made = await person(null, { username: `admin.${suffix()}` });
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, made.userId));
    return made;
  }

  /** Gives the person a password that signs in (factory people have none). */
  async function password(person: { userId: string }, value: string) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(value) })
      .where(eq(users.id, person.userId));
  }

  /** The person has not seen the first-use guide (`property` empty), as a newcomer. */
  const fresh = (person: { userId: string }) =>
    db.update(users).set({ property: {} }).where(eq(users.id, person.userId));

  /** The organization's contact e-mail. */
  const emailOf = async (org: { custId: string }) =>
    (await db.select({ email: customers.email }).from(customers).where(eq(customers.id, org.custId)))[0]!
      .email;

  /**
   * The lab designs order forms (its optional screen on) and has published `fields` as version 1 (the demo's form by
   * default: one mandatory "Material" dropdown), so a clinic sending it a case fills them.
   */
  async function orderForm(lab: { custId: string }, fields: OrderFieldRow[] = DEMO_ORDER_FORM) {
    await db.insert(orderForms).values({ custId: lab.custId, draft: fields, published: 1 });
    await db.insert(orderFormVersions).values({ custId: lab.custId, version: 1, fields });
    await db.update(customers).set({ pageOrder: true }).where(eq(customers.id, lab.custId));
  }

  return { ...f, org, clinic, lab, person, admin, password, fresh, emailOf, orderForm };
}

export type People = ReturnType<typeof people>;

/** Signs in through the API as the scanner software does (`POST /account/token`, audited): the access token. */
export async function apiToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/account/token', payload: { username, password } });
  const body = answer.json<{ success: boolean; data?: { AccessToken?: string } }>();
  if (!body.success || !body.data?.AccessToken)
    throw new Error(`sign-in of ${username} refused: ${answer.body}`);
  return body.data.AccessToken;
}

/** The bearer token of a factory-made person. */
export const tokenOf = (person: { headers: { authorization: string } }) =>
  person.headers.authorization.slice(7);

/**
 * Opens `to` (a path under the server, e.g. `/v5/home`) signed in as `person` (or with a token): through `signInWithToken` before
 * the tab's first navigation, afterwards by swapping the tab's session (token, provider cookie) for the person's, as
 * a sign-out and sign-in would leave it. Waits for the app's top bar unless told it is not a page of the shell.
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
export async function forgetSession(page: Page, base: string): Promise<void> {
  await page.context().clearCookies();
  if (page.url().startsWith(base))
    await page.evaluate(() => {
      sessionStorage.clear();
      sessionStorage.setItem('e2e:token-given', '1');
    });
}

/** The three widths of issue 22's responsive sweep. */
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
 * one) is in that width's mode (the "…" menu on a phone only), and two frames have been drawn.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => {
    if (window.innerWidth !== width) return false;
    const more = document.querySelector('[data-testid=top-bar-more]');
    const bar = document.querySelector('[data-testid=menu-toggle]');
    return !bar || width <= 767 === !!more;
  }, size.width);
  await frames(page);
}

/** How far the document is wider than the window (0 or less: nothing scrolls sideways). */
export const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

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

const here = path.dirname(fileURLToPath(import.meta.url));
const SCANNER = path.join(here, '..', '..', '..', '..', 'tools', 'scanner', 'bin', 'archway-scan.js');

/** Runs the archway-scan command (the clinic's scanner software, its own process). */
export function archwayScan(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCANNER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
