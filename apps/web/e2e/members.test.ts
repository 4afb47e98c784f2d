import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import { signInAs, startJourney, WIDTHS, type Journey } from './server.ts';

/**
 * Members (issue 9): the Demo Lab's owner invites a second person by e-mail; the invitation is read from the outbox
 * (the embedded default keeps mail there); the invitee opens the link signed out, signs in, comes back, accepts and
 * appears in the member list; the owner removes them after confirming.
 */
describe('members: invitation, acceptance and removal in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    const answer = await journey.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username: 'nora.m', email: 'nora@example.test', password: 'nora_pw1', country: 'Norway' },
    });
    expect(answer.json()).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await journey?.close();
  });

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  const invitationLink = async () => {
    const [mail] = await journey.app.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'nora@example.test'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ state: 'outbox' });
    expect(mail!.subject).toContain('Demo Lab');
    return /https?:\/\/[^\s]+\/v5\/invitation\?token=[\w-]+/
      .exec(mail!.text)![0]!
      .replace(/^https?:\/\/[^/]+/, base);
  };

  const openMembers = async () => {
    await page.goto(`${base}/v5/newAccount`);
    await page.getByTestId('members-page').waitFor();
    await page
      .getByTestId('members-table')
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached' });
  };

  it(
    'the owner invites by e-mail; the invitee signs in from the link, accepts, and is removed again',
    { timeout: 240_000 },
    async () => {
      await signInAs(page, base, 'lab');
      await openMembers();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invite-email').fill('not-an-address');
      await page.getByTestId('invite-send').click();
      await page.getByText('Enter a valid e-mail address.').waitFor();
      await page.getByTestId('invite-email').fill('nora@example.test');
      await page.getByTestId('invite-send').click();
      await journey.toast('Invitation sent to nora@example.test.');
      await page.getByTestId('invitations-table').getByText('nora@example.test').waitFor();
      await page.getByTestId('invitations-table').getByText('Waiting').waitFor();
      const link = await invitationLink();

      // Another account (the owner's own) is refused and offered to switch accounts.
      await page.goto(link);
      await page.getByTestId('invitation-accept').click();
      await page
        .getByTestId('invitation-error')
        .getByText('This invitation was sent to another e-mail address: sign in with that address.')
        .waitFor();
      await page.getByTestId('invitation-switch').waitFor();
      await page.locator('#splash').waitFor({ state: 'detached' });
      await journey.shot('members-invitation-wrong-account');

      // Signed out: the page shows the organization and asks to sign in first.
      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(link);
      await page.getByTestId('invitation-card').getByRole('heading', { name: 'Join Demo Lab' }).waitFor();
      await page.locator('#splash').waitFor({ state: 'detached' });
      await journey.shot('members-invitation-signed-out');
      await page.getByTestId('invitation-sign-in').click();
      await page.getByTestId('sign-in-card').waitFor();
      await page.locator('input#username').fill('nora.m');
      await page.locator('input#password').fill('nora_pw1');
      await page.locator('button[type=submit]').click();
      // Back on the invitation, signed in.
      await page.waitForURL(/\/v5\/invitation\?token=/);
      await page.getByTestId('invitation-accept').click();
      await page.getByTestId('invitation-accepted').getByText('You are now a member of Demo Lab.').waitFor();
      await journey.shot('members-invitation-accepted');
      // The link works once.
      await page.goto(link);
      await page
        .getByTestId('invitation-invalid')
        .getByText('This invitation is invalid, already used or expired.')
        .waitFor();
      // The new member sees the organization's members (no invitations or requests tabs).
      await openMembers();
      await page.getByTestId('members-table').getByText('nora.m').waitFor();
      expect(await page.getByRole('tab', { name: 'Invitations' }).count()).toBe(0);

      // The owner sees nora.m as a member and removes her after confirming.
      await signInAs(page, base, 'lab');
      await openMembers();
      const table = page.getByTestId('members-table');
      await table.getByText('nora.m').waitFor();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invitations-table').getByText('Accepted').waitFor();
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByTestId('member-remove-nora.m').click();
      await page.locator('.ant-popconfirm').getByText('Remove nora.m from the organization?').waitFor();
      await journey.shot('members-remove-confirm');
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
      await journey.toast('nora.m was removed.');
      await table.getByText('nora.m').waitFor({ state: 'detached' });
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it('a join request sent by a newcomer is accepted by the owner', { timeout: 120_000 }, async () => {
    const { app } = journey;
    await app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username: 'omar.k', email: 'omar@example.test', password: 'omar_pw1', country: 'Norway' },
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/account/token',
      payload: { username: 'omar.k', password: 'omar_pw1' },
    });
    const headers = { authorization: `Bearer ${signedIn.json().data.AccessToken as string}` };
    const found = await app.inject({ method: 'GET', url: '/api2/cust/find?key=Demo%20Lab', headers });
    const lab = (found.json().data as { id: string; name: string }[]).find((c) => c.name === 'Demo Lab')!;
    const asked = await app.inject({
      method: 'GET',
      url: `/api2/user/customer/join?custId=${lab.id}&message=${encodeURIComponent('I work here on Tuesdays')}`,
      headers,
    });
    expect(asked.json()).toMatchObject({ success: true });

    await signInAs(page, base, 'lab');
    await openMembers();
    await page.getByRole('tab', { name: /Join requests/ }).click();
    const requests = page.getByTestId('join-requests-table');
    await requests.getByText('I work here on Tuesdays').waitFor();
    await journey.shot('members-requests-pending');
    await page.getByTestId('join-accept-omar.k').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Accept' }).click();
    await journey.toast('omar.k is now a member.');
    await requests.getByText('omar.k').waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByTestId('members-table').getByText('omar.k').waitFor();
    // Made an administrator, after confirming.
    await page.getByTestId('member-role-omar.k').click();
    await page
      .locator('.ant-popconfirm')
      .getByText('Make omar.k an administrator of the organization?')
      .waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await journey.toast('The role was changed.');
    await page
      .getByTestId('members-table')
      .locator('tr', { hasText: 'omar.k' })
      .getByText('Administrator')
      .waitFor();
    // Clean up for the screenshots: the owner removes omar.k again.
    await page.getByTestId('member-remove-omar.k').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
    await journey.toast('omar.k was removed.');
  });

  it(
    'a person without an organization finds one by name and asks to join it',
    { timeout: 120_000 },
    async () => {
      await page.context().clearCookies();
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${base}/v5/login`);
      await page.getByTestId('sign-in-card').waitFor();
      await page.locator('input#username').fill('omar.k');
      await page.locator('input#password').fill('omar_pw1');
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/v5\/home$/);
      await page.goto(`${base}/v5/account?tab=1`);
      await page.getByTestId('org-choice-join').click();
      const join = page.getByTestId('join-organization');
      await join.getByTestId('join-search').fill('Demo');
      const results = join.getByTestId('join-results');
      await results.getByText('Demo Clinic', { exact: true }).waitFor();
      const clinic = results.locator('.ant-list-item').filter({ hasText: /^Demo Clinic(?! 2)/ });
      await clinic.getByRole('button', { name: 'Ask to join' }).click();
      await journey.toast('Your request was sent to Demo Clinic.');
      await clinic.getByText('Waiting').waitFor();
      await join.getByTestId('join-pending').getByText('Demo Clinic').waitFor();
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await join.getByTestId('join-pending').waitFor();
        await journey.shot(`members-join-organization-${size.width}`);
        expect(await fits()).toBe(true);
      }
      await page.setViewportSize(WIDTHS[2]);
      // Demo Clinic's owner sees the request.
      await signInAs(page, base, 'clinic');
      await openMembers();
      await page.getByRole('tab', { name: /Join requests/ }).click();
      await page.getByTestId('join-requests-table').getByText('omar.k').waitFor();
    },
  );

  it(
    'shows the members, invitations and the invitation page at 390, 768 and 1440 px',
    { timeout: 120_000 },
    async () => {
      await signInAs(page, base, 'lab');
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await openMembers();
        await journey.shot(`members-list-${size.width}`);
        expect(await fits()).toBe(true);
        await page.getByRole('tab', { name: 'Invitations' }).click();
        await page.getByTestId('invitations-table').waitFor();
        await journey.shot(`members-invitations-${size.width}`);
        expect(await fits()).toBe(true);
        await page.getByRole('tab', { name: /Join requests/ }).click();
        await page.getByText('Nobody is waiting to join.', { exact: false }).waitFor();
        await journey.shot(`members-requests-${size.width}`);
        expect(await fits()).toBe(true);
      }
      // The invitation page, from a fresh invitation.
      await page.setViewportSize(WIDTHS[2]);
      await openMembers();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invite-email').fill('nora@example.test');
      await page.getByTestId('invite-send').click();
      await journey.toast('Invitation sent to nora@example.test.');
      const link = await invitationLink();
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto(link);
        await page.getByTestId('invitation-accept').waitFor();
        await page.locator('#splash').waitFor({ state: 'detached' });
        await journey.shot(`members-invitation-${size.width}`);
        expect(await fits()).toBe(true);
      }
    },
  );
});
