import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import type { OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, openAs, overflowOf, signOut } from './support/page.ts';
import { people, type People } from './support/people.ts';

/**
 * Members (issue 9): a lab's owner invites a second person by e-mail; the invitation is read from the outbox (the
 * embedded default keeps mail there); the invitee opens the link signed out, signs in (the sign-in screen), comes
 * back, accepts and appears in the member list; the owner removes them after confirming. A newcomer's join request
 * is accepted and the newcomer made an administrator; a person without an organization finds one by name and asks to
 * join it. Each test makes its own organizations and people; the members screens and the invitation page are
 * photographed at 390, 768 and 1440 px and must not be wider than the window.
 */
const SHOTS = '/tmp/shots';

describe('members: invitation, acceptance and removal in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });
  afterAll(async () => {
    await journey?.close();
  });

  const unique = () => Math.random().toString(36).slice(2, 8);
  const fits = async () => (await overflowOf(page)) <= 0;
  /** A newcomer with an account (registered as a person would) and no organization. */
  const register = async (username: string, password: string) => {
    const answer = await journey.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { username, email: `${username}@example.test`, password, country: 'Norway' },
    });
    expect(answer.json()).toMatchObject({ success: true });
  };

  const invitationLink = async (email: string, org: OrgRef) => {
    const [mail] = await journey.app.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(mail).toMatchObject({ state: 'outbox' });
    expect(mail!.subject).toContain(org.name);
    return /https?:\/\/[^\s]+\/v5\/invitation\?token=[\w-]+/
      .exec(mail!.text)![0]!
      .replace(/^https?:\/\/[^/]+/, base);
  };

  /** Opens the members page (as the person signed in) and waits for its list; `openAs` may have opened it already. */
  const openMembers = async (go = true) => {
    if (go) await page.goto(`${base}/v5/newAccount`);
    await page.getByTestId('members-page').waitFor();
    await page
      .getByTestId('members-table')
      .locator('.ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached' });
  };
  const invite = async (email: string) => {
    await page.getByTestId('invite-email').fill(email);
    await page.getByTestId('invite-send').click();
    await journey.toast(`Invitation sent to ${email}.`);
  };

  it(
    'the owner invites by e-mail; the invitee signs in from the link, accepts, and is removed again',
    { timeout: 240_000 },
    async () => {
      const lab = await p.lab();
      const nora = `nora${unique()}`;
      const email = `${nora}@example.test`;
      await register(nora, 'nora_pw1');

      await openAs(page, base, lab.owner, '/v5/newAccount');
      await openMembers(false);
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invite-email').fill('not-an-address');
      await page.getByTestId('invite-send').click();
      await page.getByText('Enter a valid e-mail address.').waitFor();
      await invite(email);
      await page.getByTestId('invitations-table').getByText(email).waitFor();
      await page.getByTestId('invitations-table').getByText('Waiting').waitFor();
      const link = await invitationLink(email, lab);

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
      await signOut(page);
      await page.goto(link);
      await page
        .getByTestId('invitation-card')
        .getByRole('heading', { name: `Join ${lab.name}` })
        .waitFor();
      await page.locator('#splash').waitFor({ state: 'detached' });
      await journey.shot('members-invitation-signed-out');
      await page.getByTestId('invitation-sign-in').click();
      await page.getByTestId('sign-in-card').waitFor();
      await page.locator('input#username').fill(nora);
      await page.locator('input#password').fill('nora_pw1');
      await page.locator('button[type=submit]').click();
      // Back on the invitation, signed in.
      await page.waitForURL(/\/v5\/invitation\?token=/);
      await page.getByTestId('invitation-accept').click();
      await page
        .getByTestId('invitation-accepted')
        .getByText(`You are now a member of ${lab.name}.`)
        .waitFor();
      await journey.shot('members-invitation-accepted');
      // The link works once.
      await page.goto(link);
      await page
        .getByTestId('invitation-invalid')
        .getByText('This invitation is invalid, already used or expired.')
        .waitFor();
      // The new member sees the organization's members (no invitations or requests tabs).
      await openMembers();
      await page.getByTestId('members-table').getByText(nora, { exact: true }).waitFor();
      expect(await page.getByRole('tab', { name: 'Invitations' }).count()).toBe(0);

      // The owner sees the invitee as a member and removes her after confirming.
      await openAs(page, base, lab.owner, '/v5/newAccount');
      await openMembers(false);
      const table = page.getByTestId('members-table');
      await table.getByText(nora, { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invitations-table').getByText('Accepted').waitFor();
      await page.getByRole('tab', { name: 'Members' }).click();
      await page.getByTestId(`member-remove-${nora}`).click();
      await page.locator('.ant-popconfirm').getByText(`Remove ${nora} from the organization?`).waitFor();
      await journey.shot('members-remove-confirm');
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
      await journey.toast(`${nora} was removed.`);
      await table.getByText(nora, { exact: true }).waitFor({ state: 'detached' });
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it('a join request sent by a newcomer is accepted by the owner', { timeout: 120_000 }, async () => {
    const lab = await p.lab();
    const omar = `omar${unique()}`;
    const { app } = journey;
    await register(omar, 'omar_pw1');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/account/token',
      payload: { username: omar, password: 'omar_pw1' },
    });
    const headers = { authorization: `Bearer ${signedIn.json().data.AccessToken as string}` };
    const found = await app.inject({
      method: 'GET',
      url: `/api2/cust/find?key=${encodeURIComponent(lab.name)}`,
      headers,
    });
    const target = (found.json().data as { id: string; name: string }[]).find((c) => c.name === lab.name)!;
    const asked = await app.inject({
      method: 'GET',
      url: `/api2/user/customer/join?custId=${target.id}&message=${encodeURIComponent('I work here on Tuesdays')}`,
      headers,
    });
    expect(asked.json()).toMatchObject({ success: true });

    await openAs(page, base, lab.owner, '/v5/newAccount');
    await openMembers(false);
    await page.getByRole('tab', { name: /Join requests/ }).click();
    const requests = page.getByTestId('join-requests-table');
    await requests.getByText('I work here on Tuesdays').waitFor();
    await journey.shot('members-requests-pending');
    await page.getByTestId(`join-accept-${omar}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Accept' }).click();
    await journey.toast(`${omar} is now a member.`);
    await requests.getByText(omar, { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByTestId('members-table').getByText(omar, { exact: true }).waitFor();
    // Made an administrator, after confirming.
    await page.getByTestId(`member-role-${omar}`).click();
    await page
      .locator('.ant-popconfirm')
      .getByText(`Make ${omar} an administrator of the organization?`)
      .waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await journey.toast('The role was changed.');
    await page
      .getByTestId('members-table')
      .locator('tr', { hasText: omar })
      .getByText('Administrator')
      .waitFor();
    // And removed again.
    await page.getByTestId(`member-remove-${omar}`).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
    await journey.toast(`${omar} was removed.`);
    await page.getByTestId('members-table').getByText(omar, { exact: true }).waitFor({ state: 'detached' });
    expect(journey.pageErrors).toEqual([]);
  });

  it(
    'a person without an organization finds one by name and asks to join it',
    { timeout: 120_000 },
    async () => {
      const clinic = await p.clinic();
      const newcomer = await p.person(null);
      await openAs(page, base, newcomer, '/v5/account?tab=1');
      await page.getByTestId('org-choice-join').click();
      const join = page.getByTestId('join-organization');
      await join.getByTestId('join-search').fill(clinic.name);
      const results = join.getByTestId('join-results');
      await results.getByText(clinic.name, { exact: true }).waitFor();
      const row = results.locator('.ant-list-item').filter({ hasText: clinic.name });
      await row.getByRole('button', { name: 'Ask to join' }).click();
      await journey.toast(`Your request was sent to ${clinic.name}.`);
      await row.getByText('Waiting').waitFor();
      await join.getByTestId('join-pending').getByText(clinic.name).waitFor();
      expect(
        await atWidths(page, SHOTS, 'members-join-organization', () =>
          join.getByTestId('join-pending').waitFor(),
        ),
      ).toEqual([]);
      // The clinic's owner sees the request.
      await openAs(page, base, clinic.owner, '/v5/newAccount');
      await openMembers(false);
      await page.getByRole('tab', { name: /Join requests/ }).click();
      await page.getByTestId('join-requests-table').getByText(newcomer.username, { exact: true }).waitFor();
      expect(journey.pageErrors).toEqual([]);
    },
  );

  it(
    'shows the members, invitations and the invitation page at 390, 768 and 1440 px',
    { timeout: 120_000 },
    async () => {
      const lab = await p.lab();
      await openAs(page, base, lab.owner, '/v5/newAccount');
      await openMembers(false);
      const tooWide = await atWidths(page, SHOTS, 'members-list', () =>
        page.getByTestId('members-table').getByText(lab.owner.username, { exact: true }).first().waitFor(),
      );
      await page.getByRole('tab', { name: 'Invitations' }).click();
      await page.getByTestId('invitations-table').waitFor();
      tooWide.push(
        ...(await atWidths(page, SHOTS, 'members-invitations', () =>
          page.getByTestId('invitations-table').waitFor(),
        )),
      );
      await page.getByRole('tab', { name: /Join requests/ }).click();
      const nobody = page.getByText('Nobody is waiting to join.', { exact: false });
      await nobody.waitFor();
      tooWide.push(...(await atWidths(page, SHOTS, 'members-requests', () => nobody.waitFor())));
      expect(tooWide).toEqual([]);

      // The invitation page, from a fresh invitation.
      await page.getByRole('tab', { name: 'Invitations' }).click();
      const email = `invitee${unique()}@example.test`;
      await invite(email);
      await page.goto(await invitationLink(email, lab));
      await page.getByTestId('invitation-accept').waitFor();
      await page.locator('#splash').waitFor({ state: 'detached' });
      expect(
        await atWidths(page, SHOTS, 'members-invitation', () =>
          page.getByTestId('invitation-accept').waitFor(),
        ),
      ).toEqual([]);
      expect(await fits()).toBe(true);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
