import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { CaseType, CustType } from '@archway/contract';
import { archJaw, writePly } from '@archway/mesh';
import {
  factories,
  type DeviceRef,
  type OrgRef,
  type PersonRef,
} from '../../../server/src/testing/factories.ts';
import { customers, memberships } from '../../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../../server/src/modules/users/users.schema.ts';
import {
  orderForms,
  orderFormVersions,
  type OrderFieldRow,
} from '../../../server/src/modules/orders/orders.schema.ts';
import { hashPassword } from '../../../server/src/platform/identity/passwords.ts';
import { signInWithToken } from '../server.ts';

/**
 * What the journeys statistics, comments, dashboard, orders, organization, settings and convert share: fresh
 * organizations and people made directly in the database (as the demo's are: the first member owns the
 * organization, addresses confirmed, the first-use guide seen), cases sent at chosen days, opening a page as a
 * person by token, and the width checks of a state a route alone does not show.
 */

const DAY_MS = 86_400_000;
const suffix = () => Math.random().toString(36).slice(2, 8);

export function people(app: FastifyInstance) {
  const f = factories(app);
  const { db } = app.platform;

  const confirm = (person: { userId: string }) =>
    db.update(users).set({ emailConfirmed: '1' }).where(eq(users.id, person.userId));

  /** An organization named `<prefix> <random>` (unless `name` says) whose first member is its owner. */
  async function org(prefix: string, opts: Parameters<typeof f.org>[0] = {}): Promise<OrgRef> {
    const made = await f.org({ name: `${prefix} ${suffix()}`, ...opts });
    await db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, made.owner.userId));
    await confirm(made.owner);
    return made;
  }
  const clinic = (prefix = 'Clinic', opts: Parameters<typeof f.org>[0] = {}) =>
    org(prefix, { custType: CustType.clinic, ...opts });
  const lab = (prefix = 'Lab', opts: Parameters<typeof f.org>[0] = {}) =>
    org(prefix, { custType: CustType.lab, ...opts });

  /** Another member of `of` (or a person without an organization), the address confirmed. */
  async function person(of: { custId: string } | null, opts: { username?: string; email?: string } = {}) {
    const made = await f.user(of, opts);
    await confirm(made);
    return made;
  }

  /** A platform administrator (no organization). */
  async function admin(): Promise<PersonRef> {
    const made = await person(null, { username: `admin${suffix()}` });
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, made.userId));
    return made;
  }

  /** Gives the person a password that signs in (factory people have none). */
  async function password(who: { userId: string }, value: string) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(value) })
      .where(eq(users.id, who.userId));
  }

  /** A token for someone made another way (registered through the API, or a demo account), by user name. */
  async function byUsername(username: string): Promise<PersonRef> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`no user ${username}`);
    return f.callerOf(row.id, username, null);
  }

  /** The lab designs order forms (page_order on) and has published `fields` as version 1. */
  async function orderForm(labOrg: { custId: string }, fields: OrderFieldRow[]) {
    await db.insert(orderForms).values({ custId: labOrg.custId, draft: fields, published: 1 });
    await db.insert(orderFormVersions).values({ custId: labOrg.custId, version: 1, fields });
    await db.update(customers).set({ pageOrder: true }).where(eq(customers.id, labOrg.custId));
  }

  /** Uploads the organization's report logo (a PNG) through the API, as its owner. */
  async function uploadLogo(owner: PersonRef, png: Buffer) {
    const boundary = `----e2e2${suffix()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n0\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: '/user/add/logo',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = answer.json() as { success: boolean };
    if (!body.success) throw new Error(`logo upload refused: ${answer.body}`);
  }

  /**
   * A clinic whose scanner sends every case type to `to`: the device, and `to` as the receiver of each type.
   */
  async function sendsTo(
    from: OrgRef,
    to: { custId: string },
    opts: { name?: string } = {},
  ): Promise<DeviceRef> {
    const device = await f.device(from, opts);
    for (const caseType of Object.values(CaseType)) await f.receiver(device, to, { caseType });
    return device;
  }

  return { ...f, org, clinic, lab, person, admin, password, byUsername, orderForm, uploadLogo, sendsTo };
}

export type People = ReturnType<typeof people>;

/** The bearer token of a factory-made person. */
export const tokenOf = (person: { headers: { authorization: string } }) =>
  person.headers.authorization.slice(7);

/**
 * Noon (11:00 UTC) of the calendar day `days` before today in `timeZone`: a case sent then counts on that day there
 * (for zones within 11 hours of UTC), as the demo cases of "yesterday" do.
 */
export function daysAgo(days: number, timeZone: string, now = Date.now()): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  return new Date(Date.parse(`${today}T11:00:00Z`) - days * DAY_MS);
}

/** The 12th of the month `months` before the current one in `timeZone`, at noon UTC. */
export function monthsAgo(months: number, timeZone: string, day = 12, now = Date.now()): Date {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now).split('-').map(Number) as [
    number,
    number,
  ];
  return new Date(Date.UTC(y, m - 1 - months, day, 11));
}

/**
 * Opens `path` signed in as `person`: before the tab's first navigation through `signInWithToken`; afterwards the
 * tab's session (token, provider cookie) is swapped for the person's, as a sign-out and sign-in would leave it.
 * Waits for the app's top bar unless told the page has none.
 */
export async function openAs(
  page: Page,
  base: string,
  person: { headers: { authorization: string } },
  path = '/v5/home',
  { shell = true }: { shell?: boolean } = {},
): Promise<void> {
  const token = tokenOf(person);
  if (page.url().startsWith(base)) {
    await page.context().clearCookies();
    await page.evaluate((t) => {
      sessionStorage.clear();
      sessionStorage.setItem('e2e:token-given', '1');
      sessionStorage.setItem('token', t);
    }, token);
  } else await signInWithToken(page, token);
  await page.goto(`${base}${path}`);
  if (shell) await page.getByTestId('org-name').waitFor();
}

/** A real PNG of w × h pixels in one colour (the browser shows it; the server checks its first bytes). */
export function pngOf(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A jaw-like scan as the demo cases hold (`closed`, both jaws told apart), as PLY bytes. */
export const jawPly = (jaw: 'upper' | 'lower', seed: number, triangles = 16_000) =>
  Buffer.from(writePly(archJaw({ triangles, seed, closed: true, upper: jaw === 'upper' })));

export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;
/** The three widths a state that no route alone shows is still checked at here (the routes: responsive.test.ts). */
export const WIDTHS = [PHONE, TABLET, DESKTOP] as const;

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
 * Resizes the window and waits until the app has laid itself out for the new width: the top bar (when the page
 * has one) is in that width's mode (the "…" menu on a phone only), and two frames have been drawn.
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
 * One state of a screen at each width: after `ready` (what a person waits to see at that width), the document must
 * be no wider than the window (charts that redraw at the new width get until they have), and a screenshot of the
 * window goes to `<dir>/<name>-<width>.png`. Returns the widths that overflow; the page is left at 1440 px.
 */
export async function atWidths(
  page: Page,
  dir: string,
  name: string,
  ready?: (width: number) => Promise<unknown>,
  widths: readonly { width: number; height: number }[] = WIDTHS,
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
  }
  if (widths.at(-1)?.width !== DESKTOP.width) await resize(page, DESKTOP);
  return tooWide;
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

/** Cases a clinic sent before the current month, per month back (1 = last month): distinct totals for the table. */
export const EARLIER_CASES = [5, 2, 1, 4] as const;
/** Cases a clinic sent yesterday: one of each type, as the demo's three. */
export const YESTERDAY_CASES = 3;

/**
 * A clinic that has sent a lab cases as the demo's clinic has its lab (both in `timeZone`, Berlin unless told):
 * {@link YESTERDAY_CASES} yesterday around noon (one orthodontics, one implant, one restoration) and, in each of the
 * four months before the current one, {@link EARLIER_CASES} cases of every type in turn, none downloaded.
 */
export async function exchange(p: People, opts: { timeZone?: string; prefix?: string } = {}) {
  const timeZone = opts.timeZone ?? 'Europe/Berlin';
  const prefix = opts.prefix ?? 'Stats';
  const clinic = await p.clinic(`${prefix} Clinic`, { timeZone });
  const lab = await p.lab(`${prefix} Lab`, { timeZone });
  const scanner = await p.sendsTo(clinic, lab, { name: `${prefix} scanner` });
  const types = [CaseType.orthodontics, CaseType.implant, CaseType.restoration] as const;
  const sent: { caseType: (typeof types)[number]; createdAt: Date }[] = [];
  const noon = daysAgo(1, timeZone);
  for (const [i, caseType] of types.entries())
    sent.push({ caseType, createdAt: new Date(noon.getTime() - i * 30 * 60_000) });
  EARLIER_CASES.forEach((n, k) => {
    for (let i = 0; i < n; i++)
      sent.push({ caseType: types[(k + i) % 3]!, createdAt: monthsAgo(k + 1, timeZone, 3 + i * 5) });
  });
  for (const [i, c] of sent.entries())
    await p.kase(scanner, clinic.owner, { ...c, patientName: `${prefix} Patient ${i + 1}` });
  return { clinic, lab, scanner };
}

/** Opens a case list (`/case`, `/caseNot`, `/recycle`) as `person` and waits until it has loaded (one page load). */
export async function openCasesAs(
  page: Page,
  base: string,
  person: { headers: { authorization: string } },
  route: 'case' | 'caseNot' | 'recycle' = 'case',
): Promise<void> {
  await openAs(page, base, person, `/v5/${route}`, { shell: false });
  await page.locator('.case-list').waitFor();
  await page.locator('.case-list .ant-spin-spinning').first().waitFor({ state: 'detached' });
}
