import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WIDTHS, signInAs, startJourney, type Journey } from './server.ts';
import { readLocale } from '../src/locales/read-locale.ts';
import mail from '../../server/src/modules/account/mail/en.json' with { type: 'json' };

/**
 * The administrator's console (issue 13) in Chromium: the administrator finds Demo Clinic 2, opens its details,
 * disables it after confirming with a reason (its member clinic2 is then told so on every start and its calls are
 * refused), and enables it again; forces a password reset for lab2 (the mail is in the outbox, and lab2's old
 * password is refused on the sign-in page with the catalogue's text); adds a second administrator, who signs in
 * and sees /manager. Each tab is photographed at 390, 768 and 1440 px and must not be wider than the window.
 */
const en = readLocale('en') as any;
const SHOTS = '/tmp/shots-console';
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

describe("the administrator's console: organizations, users, administrators", () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** Photographs the page at the three widths; no page may be wider than its window. */
  const atEveryWidth = async (name: string) => {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await journey.shot(`${name}-${size.width}`);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} at ${size.width} px`).toBeLessThanOrEqual(innerWidth);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  const openTab = async (tab: 'orgs' | 'users' | 'admins' | 'outbox') => {
    await page.goto(`${base}/v5/manager?tab=${tab}`);
    await page.getByTestId(tab === 'outbox' ? 'outbox' : `console-${tab}`).waitFor();
  };
  const rowOf = (table: string, text: string) =>
    page
      .getByTestId(table)
      .locator('tr.ant-table-row')
      .filter({ has: page.getByText(text, { exact: true }) });

  it('finds Demo Clinic 2, opens it, disables it (clinic2 is told), and enables it again', async () => {
    await signInAs(page, base, 'admin');
    await openTab('orgs');
    await page.getByTestId('console-orgs-search').locator('input').fill('Demo Clinic 2');
    const row = rowOf('console-orgs-table', 'Demo Clinic 2');
    await row.waitFor();
    await row.locator('[data-testid^=console-org-open-]').click();
    const drawer = page.getByTestId('console-org-drawer');
    await drawer.getByTestId('console-org-members').getByText('clinic2', { exact: true }).waitFor();
    await drawer.getByTestId('console-org-fields').getByText(en.organization.status['1']).first().waitFor();
    await atEveryWidth('console-org-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await atEveryWidth('console-orgs');

    // Disable: a reason is required.
    await row.locator('[data-testid^=console-org-disable-]').click();
    const dialog = page.getByTestId('console-org-disable-dialog');
    await dialog.getByTestId('console-org-disable-ok').click();
    await dialog.getByText(en.console.orgs.reasonRequired).waitFor();
    await dialog.getByTestId('console-org-disable-reason').fill('Closed for the audit');
    await dialog.getByTestId('console-org-disable-ok').click();
    await journey.toast(fill(en.console.orgs.disabled, { name: 'Demo Clinic 2' }));
    await row.getByText(en.console.orgs.state.disabled).waitFor();
    await row.locator('[data-testid^=console-org-open-]').click();
    await drawer
      .getByTestId('console-org-disabled-alert')
      .getByText('Closed for the audit', { exact: false })
      .waitFor();
    await page.keyboard.press('Escape');

    // clinic2 now works for no organization: a notice says why, and a call needing one is refused.
    await signInAs(page, base, 'clinic2');
    const notice = page.locator('.ant-notification-notice', {
      hasText: fill(en.console.memberNotice.title, { name: 'Demo Clinic 2' }),
    });
    await notice.waitFor();
    await journey.shot('console-clinic2-disabled-1440');
    const refused = await page.evaluate(async () => {
      const r = await fetch('/api2/cust/user/list', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
      });
      return r.json();
    });
    expect(refused).toMatchObject({ success: false, errorCode: -20, data: { key: 'cust.disabled' } });

    // Enabled again: clinic2 works for it once more.
    await signInAs(page, base, 'admin');
    await openTab('orgs');
    await page.getByTestId('console-orgs-state').click();
    await page.locator('.ant-select-item-option', { hasText: en.console.orgs.state.disabled }).click();
    const disabledRow = rowOf('console-orgs-table', 'Demo Clinic 2');
    await disabledRow.locator('[data-testid^=console-org-enable-]').click();
    await page.getByTestId('console-org-enable-ok').click();
    await journey.toast(fill(en.console.orgs.enabled, { name: 'Demo Clinic 2' }));
    await page.getByTestId('console-orgs-table').getByText(en.console.orgs.emptySearch).waitFor();
    await signInAs(page, base, 'clinic2');
    await expect.poll(() => page.getByTestId('org-name').textContent()).toContain('Demo Clinic 2');
    expect(await notice.count()).toBe(0);
  });

  it('forces a password reset for lab2: the mail is in the outbox, the old password is refused', async () => {
    await signInAs(page, base, 'admin');
    await openTab('users');
    await page.getByTestId('console-users-search').locator('input').fill('lab2');
    const row = rowOf('console-users-table', 'lab2');
    await row.waitFor();
    await atEveryWidth('console-users');
    await row.locator('[data-testid^=console-user-reset-]').click();
    await page.getByTestId('console-user-reset-ok').click();
    await journey.toast(fill(en.console.users.resetDone, { email: 'lab2@demo.archway.local' }));
    await row.getByText(en.console.users.resetPending).waitFor();
    await row.locator('[data-testid^=console-user-open-]').click();
    await page.getByTestId('console-user-drawer').getByTestId('console-user-reset-pending').waitFor();
    await atEveryWidth('console-user-drawer');
    await page.keyboard.press('Escape');

    await openTab('outbox');
    await page.getByTestId('outbox').getByRole('searchbox').fill('lab2@demo.archway.local');
    await page.getByTestId('outbox-table').getByText(mail.forcedReset.subject).first().waitFor();

    // lab2's old password no longer signs in: the sign-in page says what to do.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${base}/v5/login`);
    await page.getByTestId('sign-in-card').waitFor();
    await page.locator('input#username').fill('lab2');
    await page.locator('input#password').fill('demo123');
    await page.locator('button[type=submit]').click();
    await page.getByTestId('login-error').getByText(en.errors.signIn.resetRequired).waitFor();
    await journey.shot('console-lab2-refused-1440');
  });

  it('adds a second administrator, who signs in and sees /manager', async () => {
    await signInAs(page, base, 'admin');
    await openTab('admins');
    await page.getByTestId('console-admins-table').getByText('admin', { exact: true }).waitFor();
    await atEveryWidth('console-admins');
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
    await atEveryWidth('console-admin-dialog');
    // A taken username is shown at its field.
    await dialog.getByTestId('console-admin-username').fill('clinic');
    await dialog.getByTestId('console-admin-email').fill('ops@archway.test');
    await dialog.getByTestId('console-admin-password').fill('second_pw1');
    await dialog.getByTestId('console-admin-confirm').fill('second_pw1');
    await dialog.getByTestId('console-admin-create').click();
    await dialog.getByText(en.errors.register.usernameTaken).waitFor();
    await dialog.getByTestId('console-admin-username').fill('ops.admin');
    await dialog.getByTestId('console-admin-create').click();
    await journey.toast(fill(en.console.admins.created, { name: 'ops.admin' }));
    await page.getByTestId('console-admins-table').getByText('ops.admin', { exact: true }).waitFor();

    await signInAs(page, base, 'ops.admin', 'second_pw1');
    await page.goto(`${base}/v5/manager?tab=admins`);
    await page.getByTestId('tab-console-orgs').waitFor();
    await page.getByTestId('console-admins-table').getByText(en.console.admins.you).waitFor();
    expect(await page.getByTestId('manager-forbidden').count()).toBe(0);
    expect(journey.pageErrors).toEqual([]);
  });
});
