import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { CustType } from '@archway/contract';
import { archJaw, writePly } from '@archway/mesh';
import { factories, type OrgRef, type PersonRef } from '../../../server/src/testing/factories.ts';
import { memberships } from '../../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../../server/src/modules/users/users.schema.ts';
import { hashPassword } from '../../../server/src/platform/identity/passwords.ts';
import { signInWithToken } from '../server.ts';

/**
 * Fresh people for a journey, as the demo's people are: organizations authorized, their first member its owner
 * (the organization's administrator), every address confirmed (so the start-up "verify your phone or e-mail" dialog
 * stays away), the first-use guide seen. Made directly in the database with the server's factories.
 */
export function people(app: FastifyInstance) {
  const f = factories(app);
  const { db } = app.platform;
  const suffix = () => Math.random().toString(36).slice(2, 8);

  const confirm = (person: { userId: string }) =>
    db.update(users).set({ emailConfirmed: '1' }).where(eq(users.id, person.userId));

  /** An organization (named `<prefix> <random>`) whose first member is its owner. */
  async function org(prefix: string, opts: Parameters<typeof f.org>[0] = {}): Promise<OrgRef> {
    const made = await f.org({ name: `${prefix} ${suffix()}`, ...opts });
    await db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, made.owner.userId));
    await confirm(made.owner);
    return made;
  }
  const clinic = (prefix = 'Clinic', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.clinic, ...opts });
  const lab = (prefix = 'Lab', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.lab, ...opts });

  /** Another member of `of` (or a person without an organization), the address confirmed unless told. */
  async function person(
    of: { custId: string } | null,
    opts: { username?: string; email?: string; confirmed?: boolean } = {},
  ): Promise<PersonRef> {
    const made = await f.user(of, opts);
    if (opts.confirmed !== false) await confirm(made);
    return made;
  }

  /** A platform administrator (no organization). */
  async function admin(): Promise<PersonRef> {
    const made = await person(null, { username: `admin${suffix()}` });
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

  return { ...f, org, clinic, lab, person, admin, password };
}

export type People = ReturnType<typeof people>;

/** The bearer token of a factory-made person. */
export const tokenOf = (person: { headers: { authorization: string } }) =>
  person.headers.authorization.slice(7);

/**
 * Opens `path` signed in as `person`: before the tab's first navigation through `signInWithToken`; afterwards the
 * tab's session (token, provider cookie, session answers) is swapped for the person's, as a sign-out and sign-in
 * would leave it. Waits for the app's top bar (any page of the signed-in app has it) unless told not to.
 */
export async function openAs(
  page: Page,
  base: string,
  person: { headers: { authorization: string } } | string,
  path = '/v5/home',
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
  await page.goto(`${base}${path}`);
  if (shell) await page.getByTestId('menu-toggle').waitFor();
}

/**
 * Signs the tab out as a person closing the session would be: cookies and the tab's session gone, and `openAs`'s
 * token not given again on the next navigation.
 */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    sessionStorage.setItem('e2e:token-given', '1');
  });
}

/** Waits until the case list on screen (`/case`, `/caseNot`, `/recycle`, as `openAs` opened it) has loaded. */
export async function caseListShown(page: Page): Promise<void> {
  await page.locator('.case-list').waitFor();
  await page.locator('.case-list .ant-spin-spinning').first().waitFor({ state: 'detached' });
}

/**
 * A jaw-like scan as the demo cases hold (`closed`, both jaws told apart), as PLY bytes.
 */
export const jawPly = (jaw: 'upper' | 'lower', seed: number, triangles = 16_000) =>
  Buffer.from(writePly(archJaw({ triangles, seed, closed: true, upper: jaw === 'upper' })));

/** How far the document is wider than the window (0 or less: nothing scrolls sideways). */
export const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The three widths the journeys of issue 22 still check specific states at (the routes are responsive.test.ts's). */
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/**
 * Resizes the window and waits until the app has laid itself out for the new width: the app's top bar (when the
 * page has one) is in the mode of that width (the "…" menu on a phone only), and two frames have been drawn.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => {
    if (window.innerWidth !== width) return false;
    const more = document.querySelector('[data-testid=top-bar-more]');
    const bar = document.querySelector('[data-testid=menu-toggle]');
    return !bar || width <= 767 === !!more;
  }, size.width);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * What a journey checks of one state of a screen at each width: after `ready` (what a person waits to see), the
 * document is no wider than the window, and a screenshot of the window is written to `<dir>/<name>-<width>.png`;
 * then `after` (e.g. closing a panel that belongs to that width's layout). Returns the widths that overflow
 * ("<name> <width>: <scrollWidth - innerWidth> px too wide"); the journey keeps its 1440 px width afterwards.
 */
export async function atWidths(
  page: Page,
  dir: string,
  name: string,
  ready?: (width: number) => Promise<unknown>,
  {
    widths = [PHONE, TABLET, DESKTOP],
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
    const over = await overflowOf(page);
    if (over > 0) tooWide.push(`${name} ${size.width}: ${over} px too wide`);
    await page.screenshot({ path: `${dir}/${name}-${size.width}.png` });
    if (after) await after(size.width);
  }
  if (widths.at(-1)?.width !== DESKTOP.width) await resize(page, DESKTOP);
  return tooWide;
}
