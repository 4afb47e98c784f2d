import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import type { OrgRef, PersonRef } from '../../server/src/testing/factories.ts';
import { appRoutes } from '../src/app/route-table.ts';
import { startJourney, type Journey } from './server.ts';
import {
  DESKTOP,
  openAs,
  overflowOf,
  resize,
  settled,
  signOut,
  untranslatedOn,
  WIDTHS,
} from './support/page.ts';
import { people, suffix } from './support/people.ts';
import { axeViolations, keyboardFaults } from './support/a11y.ts';

/**
 * The one three-width sweep of issue 22: every route of the web app at a phone (390 px), a tablet (768 px) and a
 * desktop (1440 px) width, as fresh people of the roles that see it (a clinic and a lab, with devices, cases, a
 * comment, a case in each bin and a shared report; a platform administrator; nobody signed in), each tab of a
 * page with tabs too. Each screen gets a screenshot under test-results/screens/ and a failure when its document is
 * wider than the window (`scrollWidth > innerWidth`: a page that scrolls sideways) or it shows an untranslated key.
 * Besides: the phone's menu drawer and "…" menu, the settings drawer and the first-use guide at every width, the
 * shared table's column chooser and cards on /manager, no Content-Security-Policy refusal, no page error.
 * Issue 33: at 390 and 1440 px every screen is checked by axe-core (WCAG 2.0 and 2.1 A and AA rules, label in name
 * too) and fails on any critical or serious violation (contrast, names, lists, ARIA); what it found per screen goes to
 * test-results/a11y.json. The sign-in form, the home, the case list, the case page and the back office are also walked
 * with the Tab key at 1440 px.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENS = path.join(here, '..', 'test-results', 'screens');
/** The widths axe checks (each screen once per width: the tablet's layout is the phone's or the desktop's). */
const AXE_WIDTHS: readonly number[] = [390, 1440];
type Role = 'clinic' | 'lab' | 'admin';

/** What the sweep made for it (filled before the first screen). */
interface World {
  caseId: string;
  reportToken: string;
  invitationToken: string;
  /** The sign-in form's address (/login/{uid}), known once /login has led there. */
  signIn: string;
}

/** One screen: where it is and what a person waits to see there. */
interface Screen {
  /** The route it covers (a path of route-table.ts, or a path outside the signed-in shell). */
  route: string;
  /** Its name in screenshots and failures. */
  name: string;
  /** The address under /v5. */
  to: (w: World) => string;
  /** What shows once it is there (a CSS selector, visible), after which nothing may be loading. */
  ready: string;
  /** Also each of its tabs (the page's own, by click). */
  tabs?: boolean;
  /** Where it lands, when it leads elsewhere through a page load (the provider's sign-in form). */
  lands?: RegExp;
  /** At 1440 px, also walked through with the Tab key (every stop shows a ring, everything clickable is reached). */
  keys?: boolean;
  /** Another address of a screen already checked (it lands there): axe does not check it again. */
  alias?: boolean;
  /** Where each button's name is its own words (its icon hidden: no "column-width Measure"), e.g. the viewer's tools. */
  plainNames?: string;
}

const screen = (route: string, ready: string, more: Partial<Screen> = {}): Screen => ({
  route,
  name: route.slice(1).replaceAll('/', '-') || 'root',
  to: () => route,
  ready,
  ...more,
});

/** A clinic's and a lab's screens: every route of the signed-in app a member of an organization sees. */
const memberScreens = (role: 'clinic' | 'lab'): Screen[] => [
  screen('/home', '[data-testid=home-figures][data-fetching=false]', { keys: true }),
  screen('/case', '.case-list [data-testid=case-patient]', { keys: true }),
  screen('/caseNot', '.case-list'),
  // A case's page (issue 32): the case the clinic sent the lab, with its tabs (on a phone the viewer is one).
  screen('/case/:id', '[data-testid=case-view-page] [data-testid=case-page-header]', {
    name: 'case-page',
    to: (w) => `/case/${w.caseId}`,
    tabs: true,
    keys: true,
    plainNames: '.scan-viewer-toolbar',
  }),
  screen('/recycle', '.case-list [data-testid=case-patient]'),
  screen('/caseComment', '[data-testid=case-comment-page] [data-testid=case-open]'),
  screen('/caseReply', '[data-testid=case-reply-page]'),
  screen('/caseReply', '[data-testid=case-reply-page] [data-testid=comment-list]', {
    name: 'caseReply-case',
    to: (w) => `/caseReply?caseId=${w.caseId}`,
  }),
  screen('/caseDesign', '[data-testid=case-design-page]'),
  screen('/caseDesign', '[data-testid=design-case]', {
    name: 'caseDesign-case',
    to: (w) => `/caseDesign?id=${w.caseId}`,
  }),
  screen('/caseBuilder', '.builder-page'),
  screen('/caseBuilder', '[data-testid=builder-case]', {
    name: 'caseBuilder-case',
    to: (w) => `/caseBuilder?id=${w.caseId}`,
  }),
  screen('/caseBuilder', '[data-testid=builder-case]', {
    name: 'caseBuilder-report',
    to: (w) => `/caseBuilder?id=${w.caseId}&tab=report`,
  }),
  screen('/caseCompare', '[data-testid=case-compare-tabs]'),
  screen('/caseCompare', '[data-testid=case-compare-tabs]', {
    name: 'caseCompare-stats',
    to: () => '/caseCompare?tab=stats',
  }),
  // The order form designer is the lab's: a clinic fills the forms of its labs.
  ...(role === 'lab' ? [screen('/customizeOrder', '[data-testid=order-form-page]')] : []),
  screen('/statistical', '[data-testid=stats-page]'),
  screen('/device', '[data-testid=device-page] [data-testid=device-table]', { tabs: true }),
  screen('/partner', '[data-testid=partner-page]', { tabs: true }),
  screen('/account', '[data-testid=profile-tab]'),
  screen('/account', '[data-testid=org-details]', {
    name: 'account-organization',
    to: () => '/account?tab=1',
  }),
  screen('/newAccount', '[data-testid=members-page]', { tabs: true }),
  // Backend management says it is not for them.
  screen('/manager', '[data-testid=manager-forbidden]'),
  screen('*', '.ant-result-404', { name: 'not-found', to: () => '/no-such-screen' }),
  // Addresses that lead elsewhere: /layout and /redirect/… land on the screen, /first/… switches the system.
  screen('/layout', '[data-testid=home-figures][data-fetching=false]', { alias: true }),
  screen('/redirect/*', '[data-testid=device-page] [data-testid=device-table]', {
    name: 'redirect',
    to: () => '/redirect/device',
    alias: true,
  }),
  screen('/first/*', '[data-testid=home-figures][data-fetching=false]', {
    name: 'first-home',
    to: () => '/first/home',
  }),
  screen('/second/*', '[data-testid=home-figures][data-fetching=false]', {
    name: 'second-home',
    to: () => '/second/home',
    alias: true,
  }),
];

/** The tabs of /manager (the administrators' back office), each opened by its address. */
const MANAGER_TABS = [
  ['registry', '[data-testid=registry]'],
  ['orgs', '[data-testid=console-orgs]'],
  ['users', '[data-testid=console-users]'],
  ['admins', '[data-testid=console-admins]'],
  ['certification', '[data-testid=certification]'],
  ['outbox', '[data-testid=outbox]'],
  ['service', '[data-testid=service-contacts]'],
  ['help', '[data-testid=help-articles]'],
  ['releaseNotes', '[data-testid=release-notes]'],
  ['downloads', '[data-testid=client-downloads-admin]'],
  ['audit', '[data-testid=audit-table]'],
  ['pages', '[data-testid=page-flags-table]'],
  ['backups', '[data-testid=backups-table]'],
] as const;

/** A platform administrator's screens: no organization, the back office. */
const adminScreens = (): Screen[] => [
  // An administrator without an organization lands in the back office (issue 24): /home leads to /manager.
  screen('/home', '[data-testid=manager-console]', { name: 'home-to-manager', keys: true }),
  // Without an organization, a notice instead of the device tabs.
  screen('/device', '.ant-layout-content .ant-result'),
  screen('/account', '[data-testid=profile-tab]'),
  screen('/account', '[data-testid=org-none]', { name: 'account-organization', to: () => '/account?tab=1' }),
  screen('/newAccount', '[data-testid=members-no-org]'),
  ...MANAGER_TABS.map(([tab, ready]) =>
    screen('/manager', `[role=tabpanel][aria-hidden=false] ${ready}`, {
      name: `manager-${tab}`,
      to: () => `/manager?tab=${tab}`,
    }),
  ),
];

/** The provider's sign-in form, where /login leads. */
const SIGN_IN_FORM = /\/v5\/login\/[^/?]+$/;

/** The screens outside the signed-in shell, for nobody signed in. */
const publicScreens = (): Screen[] => [
  // `/` of the app → /login → the provider → the sign-in form at /login/{uid}.
  screen('/', '[data-testid=sign-in-card]', { lands: SIGN_IN_FORM }),
  screen('/login', '[data-testid=sign-in-card]', { lands: SIGN_IN_FORM }),
  screen('/login/:uid', '[data-testid=sign-in-card]', {
    name: 'login-form',
    to: (w) => w.signIn,
    keys: true,
  }),
  screen('/register', '[data-testid=register-card]'),
  screen('/forgotPassword', '[data-testid=forgot-submit]'),
  screen('/resetPassword', '[data-testid=reset-submit]', {
    to: () => '/resetPassword?token=not-a-real-token',
  }),
  screen('/confirmEmail', '[data-testid=confirm-failed]', {
    to: () => '/confirmEmail?token=not-a-real-token',
  }),
  screen('/invitation', '[data-testid=invitation-sign-in]', {
    to: (w) => `/invitation?token=${w.invitationToken}`,
  }),
  screen('/invitation', '[data-testid=invitation-invalid]', {
    name: 'invitation-invalid',
    to: () => '/invitation?token=not-a-real-token',
  }),
  screen('/report/:token', '[data-testid=report-print]', {
    name: 'report',
    to: (w) => `/report/${w.reportToken}`,
  }),
  screen('/report/:token', '[data-testid=report-expired]', {
    name: 'report-expired',
    to: () => '/report/not-a-real-token',
  }),
  screen('/account/signin-callback', '.ant-result-error'),
];

describe('every screen at 390, 768 and 1440 px', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let world: World;
  const who = {} as Record<Role, PersonRef>;
  let clinic: OrgRef;
  let lab: OrgRef;
  /** Screens wider than their window: "<role> <width> <screen>: <scrollWidth - innerWidth> px too wide". */
  const tooWide: string[] = [];
  /** Untranslated keys shown: "<role> <width> <screen>: <key>". */
  const untranslated: string[] = [];
  /** "<route> <width>" for each route swept. */
  const covered = new Set<string>();
  const visited: string[] = [];
  /** The sweeps that ran to their end. */
  const swept = new Set<string>();
  /** The Content-Security-Policy refusals the browser reports (the splash's inline script must pass). */
  const cspRefusals: string[] = [];
  /** axe-core's critical and serious violations: "<role> <width> <screen>: <rule> (<impact>) ×N: <where>". */
  const inaccessible: string[] = [];
  /** Per screen checked by axe ("<role> <width> <screen>"): the elements breaking each rule (test-results/a11y.json). */
  const axeTally: Record<string, Record<string, string[]>> = {};
  /** What the Tab key walk found: "<role> <width> <screen>: <fault>". */
  const keyFaults: string[] = [];

  beforeAll(async () => {
    rmSync(SCREENS, { recursive: true, force: true });
    journey = await startJourney({ shotsDir: SCREENS });
    ({ page, base } = journey);
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
    });

    const p = people(journey.app);
    [clinic, lab] = await Promise.all([p.clinic('Responsive Clinic'), p.lab('Responsive Lab')]);
    who.clinic = clinic.owner;
    who.lab = lab.owner;
    who.admin = await p.admin();
    // The lab designs its order form (/customizeOrder), an optional screen the administrator switches on.
    const flags = await who.admin.call('PUT', `/api2/admin/cust/${lab.custId}/pages`, { order: true });
    expect(flags.body.success).toBe(true);
    // The clinic's scanner sends restorations and orthodontics to the lab; the lab owns a device with a long name, so
    // its list shows rows (cards with actions on a phone).
    const scanner = await p.device(clinic, { name: 'Chair-side scanner' });
    await p.receiver(scanner, lab, { caseType: 3 });
    await p.receiver(scanner, lab, { caseType: 1 });
    await p.device(lab, { name: 'Scanner in the second treatment room, upstairs, next to x-ray' });
    const caseId = await p.kase(scanner, clinic.owner, {
      patientName: 'Margarethe Vestergaard-Lindqvist',
      doctor: 'Dr. Wang',
      caseType: 3,
    });
    await p.kase(scanner, clinic.owner, { patientName: 'Anna Berg', caseType: 1 });
    const binned = await p.kase(scanner, clinic.owner, { patientName: 'Old Patient', caseType: 3 });
    // One case in each bin, a comment for the comment pages, a report link that works without an account.
    for (const owner of [clinic.owner, lab.owner]) {
      const moved = await owner.call('PUT', `/api/case/recycle/move/?id=${binned}`);
      expect(moved.body.data).toEqual({ moved: 1 });
    }
    const comment = await lab.owner.call('POST', '/api/case/comment', {
      caseId,
      text: 'The margin on 36 is unclear: could you rescan it?',
    });
    expect(comment.body.success).toBe(true);
    const share = await lab.owner.call('POST', '/api/case/report/share', { caseId });
    expect(share.body.success).toBe(true);
    // An invitation to the lab, its link read from the outbox.
    const invitee = `newcomer.${suffix()}@example.test`;
    const invited = await lab.owner.call(
      'GET',
      `/api2/cust/user/invitation?email=${encodeURIComponent(invitee)}`,
    );
    expect(invited.body.success).toBe(true);
    const [mail] = await journey.app.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, invitee));
    const invitationToken = /\/v5\/invitation\?token=([\w-]+)/.exec(mail!.text)![1]!;
    world = {
      caseId,
      reportToken: String(share.body.data.url).split('/report/')[1]!,
      invitationToken,
      signIn: '/login',
    };
  });

  afterAll(async () => {
    writeFileSync(path.join(SCREENS, '..', 'a11y.json'), `${JSON.stringify(axeTally, null, 1)}\n`);
    await journey?.close();
  });

  /** Screenshot, width check and untranslated keys of what is on screen now. */
  async function check(role: string, width: number, name: string, { axe = true } = {}) {
    await settled(page);
    const shot = `${role}-${width}-${name}`;
    visited.push(shot);
    const over = await overflowOf(page);
    if (over > 0) tooWide.push(`${shot}: ${over} px too wide`);
    for (const key of await untranslatedOn(page)) untranslated.push(`${shot}: ${key}`);
    if (axe && AXE_WIDTHS.includes(width)) {
      const found = await axeViolations(page);
      axeTally[shot] = Object.fromEntries(found.map((v) => [`${v.id} (${v.impact})`, v.where]));
      for (const v of found)
        inaccessible.push(`${shot}: ${v.id} (${v.impact}) ×${v.count}: ${v.where.slice(0, 3).join(' | ')}`);
    }
    // JPEG: half the time of a PNG, for over 300 screenshots.
    await page.screenshot({ path: path.join(SCREENS, `${shot}.jpg`), type: 'jpeg', quality: 80 });
  }

  /** Goes to `to` within the app, as a link does (no reload). */
  async function go(to: string) {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, `/v5${to}`);
  }

  /** Opens a screen, checks it, and each tab of the page when it has tabs. */
  async function sweep(role: Role | 'anonymous', width: number, s: Screen) {
    await go(s.to(world));
    if (s.lands) await page.waitForURL(s.lands);
    await page
      .locator(s.ready)
      .filter({ visible: true })
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(SCREENS, `failed-${role}-${width}-${s.name}.png`) });
        throw error;
      });
    if (s.route === '/login') world.signIn = new URL(page.url()).pathname.replace(/^\/v5/, '');
    await check(role, width, s.name, { axe: !s.alias });
    if (s.keys && width === DESKTOP.width)
      for (const fault of await keyboardFaults(page)) keyFaults.push(`${role} ${width} ${s.name}: ${fault}`);
    if (s.plainNames) {
      const iconNamed = await page.evaluate(
        (within) =>
          [...document.querySelectorAll<HTMLElement>(`${within} button`)]
            .filter(
              (b) =>
                b.checkVisibility() &&
                !b.hasAttribute('aria-label') &&
                b.querySelector('.anticon[aria-label]:not([aria-hidden=true])'),
            )
            .map((b) => b.innerText.trim()),
        s.plainNames,
      );
      expect(iconNamed, `${s.name}: buttons named after their icon too`).toEqual([]);
    }
    covered.add(`${s.route} ${width}`);
    if (!s.tabs) return;
    const tabs = page
      .locator('.ant-layout-content .ant-tabs')
      .filter({ visible: true })
      .first()
      .locator(':scope > .ant-tabs-nav .ant-tabs-tab');
    const count = await tabs.count();
    expect(count, `${s.name} has tabs`).toBeGreaterThan(1);
    for (let i = 1; i < count; i += 1) {
      // A phone may fold tabs under the tab bar's "…": the button is clicked where it is.
      await tabs
        .nth(i)
        .locator('.ant-tabs-tab-btn')
        .evaluate((el: HTMLElement) => el.click());
      await tabs.nth(i).and(page.locator('.ant-tabs-tab-active')).waitFor();
      await check(role, width, `${s.name}-tab${i}`);
    }
  }

  /** Presses Escape and waits until `overlay` has gone. */
  async function escape(overlay: string) {
    await page.keyboard.press('Escape');
    await page.locator(overlay).first().waitFor({ state: 'hidden' });
  }

  /** The top bar's entry: its button at ≥ 768 px, the item of the "…" menu on a phone. */
  async function topBar(testId: string, menuKey: string) {
    const direct = page.getByTestId(testId);
    // The top bar as laid out for this width: its button, or the "…" that holds it (never a half-rendered bar).
    await page
      .locator(`[data-testid=${testId}]:visible, [data-testid=top-bar-more]:visible`)
      .first()
      .waitFor();
    if (await direct.isVisible()) return direct.click();
    await page.getByTestId('top-bar-more').click();
    await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-menu-id$="-${menuKey}"]`).click();
  }

  /** The phone's drawers and menus, the settings drawer and the first-use guide, on the home screen (the back office for the administrator). */
  async function overlays(role: Role, width: number) {
    await go('/home');
    // An administrator without an organization is taken on to the back office.
    await page.getByTestId(role === 'admin' ? 'manager-console' : 'home-dashboard').waitFor();
    if (width < 768) {
      // The phone's menu is a drawer behind the hamburger.
      await page.getByTestId('menu-toggle').click();
      await page.locator('.menu-drawer .ant-menu').waitFor();
      await check(role, width, 'menu-drawer');
      await escape('.menu-drawer .ant-menu');
      await page.getByTestId('top-bar-more').click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
      await check(role, width, 'top-bar-more');
      await escape('.ant-dropdown:not(.ant-dropdown-hidden)');
    }
    await topBar('open-settings', 'settings');
    await page.locator('.settings-drawer .ant-drawer-body').waitFor();
    await check(role, width, 'settings');
    await escape('.settings-drawer .ant-drawer-body');
    // The first-use guide, for a member of an organization (the administrator has none).
    if (role !== 'admin') {
      await topBar('open-guide', 'guide');
      await page.getByTestId('guide-footer').waitFor();
      await check(role, width, 'guide');
      await page.locator('.first-use-guide .ant-modal-close').click();
      await page.locator('.first-use-guide .ant-modal').waitFor({ state: 'hidden' });
    }
  }

  /** The shared table on /manager: hide a column (stored per page, kept after a reload), switch to cards. */
  async function columnChooserAndCards() {
    await go('/manager?tab=registry');
    const table = page.getByTestId('registry-table');
    const headers = () => table.locator('thead th').allInnerTexts();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await headers()).toContain('Area');
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-pref-area').locator('input[type=checkbox]').click();
    await expect.poll(headers).not.toContain('Area');
    await check('admin', 1440, 'manager-columns');
    const stored = await page.evaluate(() => localStorage.getItem('table-columns:manager.registry'));
    expect(JSON.parse(stored ?? '[]')).toContainEqual(expect.objectContaining({ key: 'area', shown: false }));
    await page.reload();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await headers()).not.toContain('Area');

    // Cards on a wide screen by choice; back to the table.
    await page.getByTestId('table-view').locator('.ant-segmented-item').nth(1).click();
    await page.getByTestId('table-card').first().waitFor();
    await check('admin', 1440, 'manager-cards');
    await page.getByTestId('table-view').locator('.ant-segmented-item').nth(0).click();
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await page.evaluate(() => localStorage.removeItem('table-columns:manager.registry'));
  }

  /**
   * What a sweep found since `from` (indexes into the lists): each must be empty. Every test ends with it, so each
   * test stands alone (the file passes shuffled).
   */
  const mark = () => ({
    tooWide: tooWide.length,
    untranslated: untranslated.length,
    csp: cspRefusals.length,
    inaccessible: inaccessible.length,
    keys: keyFaults.length,
  });
  function expectClean(from: ReturnType<typeof mark>) {
    expect(tooWide.slice(from.tooWide)).toEqual([]);
    expect(untranslated.slice(from.untranslated)).toEqual([]);
    expect(cspRefusals.slice(from.csp)).toEqual([]);
    expect(inaccessible.slice(from.inaccessible)).toEqual([]);
    expect(keyFaults.slice(from.keys)).toEqual([]);
    expect(journey.pageErrors).toEqual([]);
  }

  it('the screens outside the shell fit every width', async () => {
    const from = mark();
    await signOut(page);
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    // index.html's splash is removed once React has mounted.
    await page.locator('#splash').waitFor({ state: 'detached' });
    for (const size of WIDTHS) {
      await resize(page, size);
      for (const s of publicScreens()) await sweep('anonymous', size.width, s);
    }
    expect(world.signIn).toMatch(/^\/login\/[^/?]+$/);
    await resize(page, DESKTOP);
    swept.add('anonymous');
    expectClean(from);
  });

  for (const role of ['clinic', 'lab', 'admin'] as const) {
    it(
      `${role}: every screen the role sees, with its tabs, drawers and menus`,
      { timeout: 600_000 },
      async () => {
        const from = mark();
        await resize(page, DESKTOP);
        await openAs(page, base, who[role]);
        const screens = role === 'admin' ? adminScreens() : memberScreens(role);
        for (const size of WIDTHS) {
          await resize(page, size);
          for (const s of screens) await sweep(role, size.width, s);
          await overlays(role, size.width);
          if (role === 'admin' && size.width === DESKTOP.width) await columnChooserAndCards();
        }
        swept.add(role);
        expectClean(from);
      },
    );
  }

  /** Once every sweep has run (not in a run filtered to some of them): each route was seen at each width. */
  afterAll(() => {
    if (swept.size < 4) return;
    const routes = [
      ...appRoutes.map((r) => r.path),
      ...['/', '/login', '/login/:uid', '/register', '/forgotPassword', '/resetPassword', '/confirmEmail'],
      ...[
        '/invitation',
        '/report/:token',
        '/account/signin-callback',
        '/redirect/*',
        '/first/*',
        '/second/*',
      ],
      ...['/layout', '*'],
    ];
    const missing = routes.flatMap((route) =>
      WIDTHS.filter((size) => !covered.has(`${route} ${size.width}`)).map((size) => `${route} ${size.width}`),
    );
    expect(missing).toEqual([]);
    expect(visited.length).toBeGreaterThan(200);
  });
});
