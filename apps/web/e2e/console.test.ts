import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CustStatus } from '@archway/contract';
import type { OrgRef, PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, openAs, overflowOf, PHONE, resize, signOut, TABLET } from './support/page.ts';
import { apiToken, people, type People, suffix } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';
import mail from '../../server/src/modules/account/mail/en.json' with { type: 'json' };

/**
 * The administrator's console (issue 13) in Chromium: the administrator finds a clinic, opens its details, disables
 * it after confirming with a reason (its member is then told so on every start and its calls are refused), and
 * enables it again; forces a password reset for a lab's member (the mail is in the outbox, and the old password is
 * refused on the sign-in page with the catalogue's text); adds a second administrator, who signs in and sees
 * /manager. Everyone is made fresh for the journey. The drawers and the dialog are checked on a phone too (the tabs at
 * 390, 768 and 1440 px: responsive.test.ts).
 */
const en = readLocale('en') as any;
const SHOTS = '/tmp/shots-console';
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

describe("the administrator's console: organizations, users, administrators", () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let admin: PersonRef;

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    p = people(journey.app);
    admin = await p.admin();
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** What shows now, on a phone: a screenshot, and nothing wider than the window. Back to 1440 px after. */
  const onAPhone = async (name: string) => {
    await resize(page, PHONE);
    await journey.shot(`${name}-390`);
    expect(await overflowOf(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
    await resize(page, DESKTOP);
  };
  const openTab = async (tab: 'orgs' | 'users' | 'admins' | 'outbox') => {
    await openAs(page, base, admin, `/v5/manager?tab=${tab}`);
    await page.getByTestId(tab === 'outbox' ? 'outbox' : `console-${tab}`).waitFor();
  };
  /**
   * The administrators' table at its last page: oldest first, so the newest (this journey's, on a server other
   * journeys add administrators to) are there.
   */
  const lastAdminsPage = async () => {
    const table = page.getByTestId('console-admins-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    const pages = table.locator('.ant-pagination-item');
    const count = await pages.count();
    if (count > 1) await pages.nth(count - 1).click();
    return table;
  };
  const rowOf = (table: string, text: string) =>
    page
      .getByTestId(table)
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText(text, { exact: true }) });

  it('is called the back office, and every section is reachable with its whole name at 390, 768 and 1440 px', async () => {
    // The thirteen sections: key, name, what shows once open.
    const sections: [string, string, string][] = [
      ['registry', en.manager.registry.title, 'registry'],
      ['orgs', en.console.orgs.tab, 'console-orgs'],
      ['users', en.console.users.tab, 'console-users'],
      ['admins', en.console.admins.tab, 'console-admins'],
      ['certification', en.certification.tab, 'certification'],
      ['outbox', en.outbox.tab, 'outbox'],
      ['service', en.notices.manager.tab, 'service-contacts'],
      ['help', en.help.articles.tab, 'help-articles'],
      ['releaseNotes', en.updates.manager.tab, 'release-notes'],
      ['downloads', en.clientDownload.manager.tab, 'client-downloads-admin'],
      ['audit', en.audit.tab, 'audit-table'],
      ['pages', en.pageFlags.tab, 'page-flags-table'],
      ['backups', en.backups.tab, 'backups-table'],
    ];
    const panel = (ready: string) =>
      page.locator(`[role=tabpanel][aria-hidden=false] [data-testid=${ready}]`).first();
    await openAs(page, base, admin, '/v5/manager');
    await page.getByTestId('manager-console').waitFor();
    // Its name is for people: the page's title and the menu's entry.
    expect(en.routes.manager).toBe('Back office');
    await page.locator('.ant-layout-header').getByText(en.routes.manager, { exact: true }).waitFor();
    expect(await page.getByText('Backend management').count()).toBe(0);

    for (const size of [DESKTOP, TABLET]) {
      await resize(page, size);
      // Every tab on the bar (it wraps onto more rows), none folded under a "…".
      expect(await page.locator('.ant-tabs-nav-more:visible').count(), `${size.width}: a "…"`).toBe(0);
      for (const [key, name, ready] of sections) {
        const tab = page.locator('.section-tabs .ant-tabs-tab', { hasText: name });
        await expect(tab.isVisible(), `${name} at ${size.width}`).resolves.toBe(true);
        const cut = await tab.evaluate((el) => {
          const nav = el.closest('.ant-tabs-nav')!.getBoundingClientRect();
          const box = el.getBoundingClientRect();
          const label = el.querySelector('.ant-tabs-tab-btn')!;
          return (
            label.scrollWidth > label.clientWidth || box.right > nav.right + 1 || box.left < nav.left - 1
          );
        });
        expect(cut, `${name} cut at ${size.width}`).toBe(false);
        await tab.click();
        await panel(ready).waitFor();
        expect(new URL(page.url()).searchParams.get('tab') ?? 'registry').toBe(key);
        // Table text is the text's own colour, not greyed.
        expect(
          await page
            .locator(
              '[role=tabpanel][aria-hidden=false] .ant-table-tbody tr.ant-table-row .ant-typography-secondary',
            )
            .count(),
          `greyed text in ${name}'s table`,
        ).toBe(0);
        expect(await overflowOf(page), `${name} at ${size.width}`).toBeLessThanOrEqual(0);
      }
      await journey.shot(`console-sections-${size.width}`);
    }

    // A phone picks the section from a list showing each whole name.
    await resize(page, PHONE);
    const picker = page.getByTestId('console-sections-picker');
    for (const [key, name, ready] of sections) {
      await picker.click();
      const option = page.getByTestId(`console-sections-option-${key}`);
      await option.waitFor();
      await expect(option.textContent()).resolves.toBe(name);
      // The option's whole name shows: nothing cut by an ellipsis.
      const cut = await option.evaluate((el) => {
        const box = el.closest('.ant-select-item-option-content') ?? el;
        return box.scrollWidth > box.clientWidth || el.getBoundingClientRect().right > window.innerWidth;
      });
      expect(cut, `${name} cut in the list`).toBe(false);
      if (key === 'backups') await journey.shot('console-sections-list-390');
      await option.click();
      await panel(ready).waitFor();
      await expect(picker.innerText()).resolves.toContain(name);
      expect(await overflowOf(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
    }
    await journey.shot('console-sections-390');
    await resize(page, DESKTOP);
    expect(journey.pageErrors).toEqual([]);
  });

  it('finds a clinic, opens it, disables it (its member is told), and enables it again', async () => {
    // A clinic still under review, as a new one is.
    const clinic: OrgRef = await p.clinic('Console Clinic', { status: CustStatus.underReview });
    const member = clinic.owner;
    await openTab('orgs');
    await page.getByTestId('console-orgs-search').locator('input').fill(clinic.name);
    const row = rowOf('console-orgs-table', clinic.name);
    await row.waitFor();
    await row.locator('[data-testid^=console-org-open-]').click();
    const drawer = page.getByTestId('console-org-drawer');
    await drawer.getByTestId('console-org-members').getByText(member.username, { exact: true }).waitFor();
    await drawer
      .getByTestId('console-org-fields')
      .getByText(en.organization.status[String(CustStatus.underReview)])
      .first()
      .waitFor();
    await journey.shot('console-org-drawer-1440');
    expect(await overflowOf(page), 'console-org-drawer at 1440 px').toBeLessThanOrEqual(0);
    await onAPhone('console-org-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // Disable: a reason is required.
    await row.locator('[data-testid^=console-org-disable-]').click();
    const dialog = page.getByTestId('console-org-disable-dialog');
    await dialog.getByTestId('console-org-disable-ok').click();
    await dialog.getByText(en.console.orgs.reasonRequired).waitFor();
    await dialog.getByTestId('console-org-disable-reason').fill('Closed for the audit');
    await dialog.getByTestId('console-org-disable-ok').click();
    await journey.toast(fill(en.console.orgs.disabled, { name: clinic.name }));
    await row.getByText(en.console.orgs.state.disabled).waitFor();
    await row.locator('[data-testid^=console-org-open-]').click();
    await drawer
      .getByTestId('console-org-disabled-alert')
      .getByText('Closed for the audit', { exact: false })
      .waitFor();
    await page.keyboard.press('Escape');

    // The member now works for no organization: a notice says why, and a call needing one is refused.
    await openAs(page, base, member);
    const notice = page.locator('.ant-notification-notice', {
      hasText: fill(en.console.memberNotice.title, { name: clinic.name }),
    });
    await notice.waitFor();
    await journey.shot('console-member-disabled-1440');
    const refused = await member.call('GET', '/api2/cust/user/list');
    expect(refused.body).toMatchObject({ success: false, errorCode: -20, data: { key: 'cust.disabled' } });

    // Enabled again: the member works for it once more.
    await openTab('orgs');
    await page.getByTestId('console-orgs-search').locator('input').fill(clinic.name);
    await page.getByTestId('console-orgs-state').click();
    await page.locator('.ant-select-item-option', { hasText: en.console.orgs.state.disabled }).click();
    const disabledRow = rowOf('console-orgs-table', clinic.name);
    await disabledRow.locator('[data-testid^=console-org-enable-]').click();
    await page.getByTestId('console-org-enable-ok').click();
    await journey.toast(fill(en.console.orgs.enabled, { name: clinic.name }));
    await page.getByTestId('console-orgs-table').getByText(en.console.orgs.emptySearch).waitFor();
    await openAs(page, base, member);
    await expect.poll(() => page.getByTestId('org-name').textContent()).toContain(clinic.name);
    expect(await notice.count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });

  it("forces a password reset for a lab's member: the mail is in the outbox, the old password is refused", async () => {
    const lab = await p.lab('Console Lab');
    const member = await p.person(lab, { username: `tech.${suffix()}` });
    const email = `${member.username}@factory.test`;
    await p.password(member, 'old_pw123');
    await openTab('users');
    await page.getByTestId('console-users-search').locator('input').fill(member.username);
    const row = rowOf('console-users-table', member.username);
    await row.waitFor();
    await row.locator('[data-testid^=console-user-reset-]').click();
    await page.getByTestId('console-user-reset-ok').click();
    await journey.toast(fill(en.console.users.resetDone, { email }));
    await row.getByText(en.console.users.resetPending).waitFor();
    await row.locator('[data-testid^=console-user-open-]').click();
    await page.getByTestId('console-user-drawer').getByTestId('console-user-reset-pending').waitFor();
    await journey.shot('console-user-drawer-1440');
    expect(await overflowOf(page), 'console-user-drawer at 1440 px').toBeLessThanOrEqual(0);
    await onAPhone('console-user-drawer');
    await page.keyboard.press('Escape');

    await openTab('outbox');
    await page.getByTestId('outbox').getByRole('searchbox').fill(email);
    await page.getByTestId('outbox-table').getByText(mail.forcedReset.subject).first().waitFor();

    // The old password no longer signs in: the sign-in page says what to do.
    await signOut(page);
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    await page.locator('input#username').fill(member.username);
    await page.locator('input#password').fill('old_pw123');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('login-error').getByText(en.errors.signIn.resetRequired).waitFor();
    await journey.shot('console-reset-refused-1440');
    expect(journey.pageErrors).toEqual([]);
  });

  it('adds a second administrator, who signs in and sees /manager', async () => {
    const taken = await p.person(null);
    const added = `ops.${suffix()}`;
    await openTab('admins');
    await (await lastAdminsPage()).getByText(admin.username, { exact: true }).waitFor();
    await page.getByTestId('console-admin-add').first().click();
    const dialog = page.getByTestId('console-admin-dialog');
    await dialog.getByTestId('console-admin-username').fill('x');
    await dialog.getByTestId('console-admin-email').fill('not-an-address');
    await dialog.getByTestId('console-admin-password').fill('short');
    await dialog.getByTestId('console-admin-confirm').fill('other');
    await dialog.getByTestId('console-admin-create').click();
    await dialog.getByText(en.console.admins.usernameRule, { exact: true }).first().waitFor();
    await dialog.getByText(en.console.admins.emailInvalid).waitFor();
    await dialog.getByText(en.console.admins.mismatch).waitFor();
    await journey.shot('console-admin-dialog-1440');
    expect(await overflowOf(page), 'console-admin-dialog at 1440 px').toBeLessThanOrEqual(0);
    await onAPhone('console-admin-dialog');
    // A taken username is shown at its field.
    await dialog.getByTestId('console-admin-username').fill(taken.username);
    await dialog.getByTestId('console-admin-email').fill(`${added}@archway.test`);
    await dialog.getByTestId('console-admin-password').fill('second_pw1');
    await dialog.getByTestId('console-admin-confirm').fill('second_pw1');
    await dialog.getByTestId('console-admin-create').click();
    await dialog.getByText(en.errors.register.usernameTaken).waitFor();
    await dialog.getByTestId('console-admin-username').fill(added);
    await dialog.getByTestId('console-admin-create').click();
    await journey.toast(fill(en.console.admins.created, { name: added }));
    await (await lastAdminsPage()).getByText(added, { exact: true }).waitFor();

    // The new administrator's password signs in; the token opens /manager.
    await openAs(page, base, await apiToken(journey.app, added, 'second_pw1'), '/v5/manager?tab=admins');
    await page.getByTestId('tab-console-orgs').waitFor();
    await (await lastAdminsPage()).getByText(en.console.admins.you).waitFor();
    expect(await page.getByTestId('manager-forbidden').count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
