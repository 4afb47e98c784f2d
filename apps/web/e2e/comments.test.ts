import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { DEMO_ORDER_FORM } from '../../server/src/demo/seed-orders.ts';
import { SHOTS, e2eTempDir, startJourney, type Journey } from './server.ts';
import { atWidths, DESKTOP, openAs, openCasesAs, toastComesAndGoes } from './support/page.ts';
import { archwayScan, people, pngOf } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Comments on a case in a real browser against a real server, between a fresh clinic and a fresh lab: the lab opens a
 * case's thread from its card (the case's page at its conversation, issue 32), is refused an empty message, posts text, an image file and a pasted screenshot, is
 * refused a file that is not an image and a case older than 90 days; the clinic sees the /caseComment badge count the
 * new replies, opens the thread from /caseComment (thumbnails open full size) and the badge clears; the lab's case
 * list marks the case's unread replies until its page is opened. The thread is
 * photographed at 390, 768 and 1440 px and must not be wider than the window (/caseComment and /caseReply as routes:
 * responsive.test.ts).
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

/** Pastes an image into the element, as a screenshot from the clipboard arrives. */
async function pasteImage(target: Locator, png: Buffer) {
  await target.evaluate((el, b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, png.toString('base64'));
}

describe('comments in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];

  let p: ReturnType<typeof people>;
  const shot = (name: string) => journey.shot(`comments-${name}`);
  const badge = () => page.getByTestId('replies-badge').first();
  const badgeCount = async () => Number((await badge().getAttribute('data-count')) ?? '-1');
  // The thread: on the case's page, at its conversation (issue 32), or on /caseReply.
  const thread = () => page.getByTestId('comment-thread').first();
  const messages = () => thread().getByTestId('comment-message');
  const send = () => thread().getByTestId('comment-send').click();

  // A browser context of its own for each test (they run in any order).
  beforeEach(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
  });
  afterEach(async () => {
    await journey?.close();
  });

  /** A clinic whose scanner sends restorations to a lab (which asks for the demo's order form). */
  async function clinicAndLab(scannerName: string) {
    const clinic = await p.clinic('Comment Clinic');
    const lab = await p.lab('Comment Lab');
    await p.orderForm(lab, DEMO_ORDER_FORM);
    const scanner = await p.device(clinic, { name: scannerName });
    await p.receiver(scanner, lab, { caseType: 3 });
    return { clinic, lab, scanner };
  }

  it(
    'the lab comments from a case card; the clinic sees the badge, opens the thread, the badge clears',
    { timeout: 600_000 },
    async () => {
      const { clinic, lab, scanner } = await clinicAndLab('Comment scanner');
      await p.kase(scanner, clinic.owner, { patientName: 'Mia Comment', caseType: 3 });
      const old = await p.kase(scanner, clinic.owner, {
        patientName: 'Old Comment',
        caseType: 3,
        createdAt: new Date(Date.now() - 120 * 86_400_000),
      });

      // The lab opens the thread from the case card's comment action.
      await openCasesAs(page, base, lab.owner);
      const row = page
        .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
        .filter({ hasText: 'Mia Comment' })
        .first();
      await row.hover();
      if ((await row.getByTestId('action-comment').count()) > 0)
        await row.getByTestId('action-comment').click();
      else {
        await row.getByTestId('action-more').click();
        await page
          .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
          .filter({ hasText: text('cases.actions.comment') })
          .first()
          .click();
      }
      await page.waitForURL(/\/v5\/case\/[^/?]+\?tab=conversation$/);
      await thread().getByTestId('comment-empty').waitFor();

      // Empty: refused with the catalogue's text.
      await send();
      await thread().getByTestId('comment-error').getByText(text('errors.comment.empty')).waitFor();

      // Text.
      await thread().getByTestId('comment-input').fill('Margin unclear on 36, please rescan');
      await send();
      await messages().filter({ hasText: 'Margin unclear on 36' }).waitFor();
      await expect(messages().first().getAttribute('data-mine')).resolves.toBe('true');

      // An image file, with text.
      await thread()
        .getByTestId('comment-file')
        .setInputFiles({
          name: 'margin.png',
          mimeType: 'image/png',
          buffer: pngOf(120, 80, [200, 40, 40]),
        });
      await thread().getByTestId('comment-attachment').waitFor();
      await thread().getByTestId('comment-input').fill('See the marked area');
      await send();
      await messages().filter({ hasText: 'See the marked area' }).getByTestId('comment-image').waitFor();

      // A pasted screenshot, alone.
      await pasteImage(thread().getByTestId('comment-input'), pngOf(160, 100, [40, 120, 200]));
      await thread().getByTestId('comment-attachment').waitFor();
      await send();
      await expect.poll(() => thread().getByTestId('comment-image').count()).toBe(2);

      // A file that is not an image, whatever its name: refused by content.
      await thread()
        .getByTestId('comment-file')
        .setInputFiles({
          name: 'fake.png',
          mimeType: 'image/png',
          buffer: Buffer.from('this is plain text, not a picture\n'.repeat(4)),
        });
      await send();
      await thread().getByTestId('comment-error').getByText(text('errors.comment.imageFormat')).waitFor();
      await thread()
        .getByRole('button', { name: text('comments.removeImage') })
        .click();
      await expect(messages().count()).resolves.toBe(3);
      await shot('lab-thread-1440');

      // A case older than 90 days: the server's actions have no comment, so its page offers no composer and the
      // thread says why (the server's refusal of a comment there is the server tests').
      await page.goto(`${base}/v5/caseComment?caseId=${old}`);
      await thread().getByTestId('comment-expired').getByText(text('errors.comment.expired')).waitFor();
      await expect(thread().getByTestId('comment-input').count()).resolves.toBe(0);
      await page.keyboard.press('Escape');

      // The clinic: three new replies on the menu badge, one case on /caseComment.
      await openAs(page, base, clinic.owner);
      await expect.poll(badgeCount, { timeout: 15_000 }).toBe(3);
      await shot('clinic-badge-1440');
      await page.goto(`${base}/v5/caseComment`);
      const entry = page
        .getByTestId('case-comment-page')
        .locator('tr.ant-table-row')
        .filter({ hasText: 'Mia Comment' });
      await entry.waitFor();
      await expect(entry.innerText()).resolves.toContain(lab.name);
      await shot('clinic-page-1440');
      await entry.getByTestId('open-thread').click();
      await expect.poll(() => messages().count()).toBe(3);
      await expect(messages().first().getAttribute('data-mine')).resolves.toBe('false');
      await expect.poll(badgeCount, { timeout: 15_000 }).toBe(0);
      // A thumbnail opens full size.
      await thread().getByTestId('comment-image').first().click();
      await page.locator('.ant-image-preview-img').first().waitFor();
      await shot('clinic-image-full');
      await page.keyboard.press('Escape');
      await page.locator('.ant-image-preview-img').first().waitFor({ state: 'detached' });

      // The clinic answers; the reply page (/caseReply) works as well.
      await thread().getByTestId('comment-input').fill('Will rescan tomorrow');
      await send();
      await messages().filter({ hasText: 'Will rescan tomorrow' }).waitFor();
      await page.keyboard.press('Escape');

      // Every width: the thread. (/caseComment with a case, and /caseReply, as routes: responsive.test.ts.)
      await page.goto(`${base}/v5/caseComment`);
      await page.getByTestId('case-comment-page').getByText('Mia Comment').first().waitFor();
      await page.getByTestId('open-thread').first().click();
      await messages().first().waitFor();
      tooWide.push(...(await atWidths(page, SHOTS, 'comments-thread', () => messages().first().waitFor())));
      await page.keyboard.press('Escape');

      // /caseReply: pick the case, post a reply.
      await page.goto(`${base}/v5/caseReply`);
      await page.getByTestId('reply-case').click();
      await page.keyboard.type('Mia');
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'Mia Comment' })
        .first()
        .click();
      await page.getByTestId('comment-message').first().waitFor();
      await page.getByTestId('comment-input').fill('From the reply page');
      await page.getByTestId('comment-send').click();
      await page.getByTestId('comment-message').filter({ hasText: 'From the reply page' }).waitFor();
      await shot('reply-posted-1440');

      // The lab is told of the clinic's answer (on its case list).
      await openCasesAs(page, base, lab.owner);
      await expect.poll(badgeCount, { timeout: 15_000 }).toBe(2);

      // The case list marks the case's unread replies; its preview opens the case's page (issue 32), where the thread
      // is read and the mark clears. (The viewer's screenshot into the thread is the case page's: its journey.)
      const mia = page
        .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
        .filter({ hasText: 'Mia Comment' })
        .first();
      await expect.poll(() => mia.getByTestId('case-unread').getAttribute('data-count')).toBe('2');
      await shot('lab-unread-mark');
      await mia.getByTestId('action-preview').click();
      await page.waitForURL(/\/v5\/case\/[^/?]+$/);
      await page.getByTestId('case-view-page').waitFor();
      await expect.poll(badgeCount, { timeout: 15_000 }).toBe(0);
      await page.goBack();
      await mia.waitFor();
      await mia.getByTestId('case-unread').waitFor({ state: 'detached' });
      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
  it(
    'two browsers side by side: the clinic uploads, the lab sees it and comments with a screenshot, the clinic is told live, the lab finishes and the clinic gets the Task notice',
    { timeout: 600_000 },
    async () => {
      // The clinic in this window, the lab in a second browser context beside it.
      const { clinic, lab, scanner } = await clinicAndLab('Live scanner');
      // The scanner software signs in with the clinic's user name and password.
      await p.password(clinic.owner, 'scan_pw1');
      await openAs(page, base, clinic.owner);
      const labContext = await journey.browser.newContext({
        viewport: DESKTOP,
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      const labPage = await labContext.newPage();
      labPage.on('pageerror', (error) => journey.pageErrors.push(`lab: ${String(error)}`));

      // Neither window reloads from here on: a marker on each window must survive to the end.
      const mark = (p: Page) =>
        p.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
      const unreloaded = (p: Page) =>
        p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
      await openCasesAs(labPage, base, lab.owner);
      // The clinic's new replies so far (the lab's earlier comments), as the server counts them.
      const before = await page.evaluate(async () => {
        const answer = await fetch('/api/case/comment/unread', {
          headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
        });
        return ((await answer.json()) as { data: { total: number } }).data.total;
      });
      await expect.poll(badgeCount, { timeout: 10_000 }).toBe(before);
      await mark(page);
      await mark(labPage);

      // The clinic's scanner uploads a case.
      const scanDir = e2eTempDir('archway-scan-');
      writeFileSync(path.join(scanDir, 'upper.ply'), sampleArchPly({ seed: 7 }));
      const uploaded = await archwayScan([
        'upload',
        ...[
          '--server',
          base,
          '--user',
          clinic.owner.username,
          '--password',
          'scan_pw1',
          '--device',
          scanner.serial,
        ],
        // The lab, which receives the restorations, asks for a material on its order form.
        ...['--field', 'Material=zirconia'],
        ...['--type', '3', '--patient', 'Live Patient', '--doctor', 'Dr. Live', '--clinic', clinic.name],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none', path.join(scanDir, 'upper.ply')],
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);

      // The lab's case box shows it without a reload.
      const labRow = labPage
        .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
        .filter({ hasText: 'Live Patient' })
        .first();
      await labRow.waitFor({ timeout: 15_000 });
      expect(await unreloaded(labPage)).toBe(true);
      await labPage.screenshot({ path: '/tmp/shots/comments-live-lab-box.png' });

      // The lab comments with a pasted screenshot.
      await labRow.hover();
      if ((await labRow.getByTestId('action-comment').count()) > 0)
        await labRow.getByTestId('action-comment').click();
      else {
        await labRow.getByTestId('action-more').click();
        await labPage
          .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
          .filter({ hasText: text('cases.actions.comment') })
          .first()
          .click();
      }
      const labThread = labPage.getByTestId('comment-thread').first();
      await labThread.getByTestId('comment-empty').waitFor();
      await pasteImage(labThread.getByTestId('comment-input'), pngOf(200, 120, [220, 160, 30]));
      await labThread.getByTestId('comment-attachment').waitFor();
      await labThread.getByTestId('comment-input').fill('Margin unclear on 36, please rescan');
      await labThread.getByTestId('comment-send').click();
      await labThread.getByTestId('comment-message').getByTestId('comment-image').waitFor();
      await labPage.screenshot({ path: '/tmp/shots/comments-live-lab-thread.png' });

      // The clinic's badge rises without a reload (well before the minute's fallback refresh).
      await expect.poll(badgeCount, { timeout: 10_000 }).toBe(before + 1);
      await shot('live-clinic-badge');
      // It opens the thread from the menu (no reload): the screenshot is there, and the badge clears.
      await page.getByTestId('menu-caseComment').first().click();
      await page.waitForURL(/\/v5\/caseComment$/);
      const entry = page
        .getByTestId('case-comment-page')
        .locator('tr.ant-table-row')
        .filter({ hasText: 'Live Patient' });
      await entry.getByTestId('open-thread').click();
      await messages().filter({ hasText: 'Margin unclear on 36' }).getByTestId('comment-image').waitFor();
      await expect.poll(badgeCount, { timeout: 10_000 }).toBe(before);
      await shot('live-clinic-thread');
      // The thread is the case's page: the clinic goes back to its list (a notice about the case on screen offers
      // no button to open it again).
      await page.goBack();
      await page.waitForURL(/\/v5\/caseComment$/);

      // The lab sets the case finished (lab progress 4); the clinic gets the Task notice.
      await labPage.keyboard.press('Escape');
      await labPage.goto(`${base}/v5/case`);
      await labPage.locator('.case-list').waitFor();
      const again = labPage
        .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
        .filter({ hasText: 'Live Patient' })
        .first();
      await again.hover();
      await again.getByTestId('action-detail').click();
      await labPage.getByTestId('case-view-page').waitFor();
      await labPage.getByTestId('process-status').click();
      await labPage
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: text('cases.progress.finished') })
        .first()
        .click();
      await labPage.getByTestId('process-status').getByText(text('cases.progress.finished')).waitFor();

      const task = page
        .locator('.ant-notification-notice')
        .filter({ hasText: text('realtime.task.finishedTitle') });
      await task.waitFor({ timeout: 15_000 });
      await shot('live-clinic-task');
      // Never over a drawer (issue 33): the clinic opens the settings drawer from the keyboard and the notice is put
      // away (it is in the bell); the drawer's own toast (an e-mail subscription switched off) comes and goes.
      await page.getByTestId('open-settings').focus();
      await page.keyboard.press('Enter');
      const caseMail = page.locator('.settings-drawer').getByTestId('mail-case');
      await caseMail.waitFor();
      await task.waitFor({ state: 'detached' });
      await toastComesAndGoes(page, text('preferences.emailUpdateSuccess'), async () => {
        await caseMail.focus();
        await page.keyboard.press('Space');
      });
      await page.keyboard.press('Escape');
      await page.locator('.settings-drawer .ant-drawer-body').waitFor({ state: 'hidden' });
      // The bell holds it, and opens the case from there.
      await page.getByTestId('notice-bell').click();
      await page.getByTestId('notice-item').and(page.locator('[data-kind=task]')).first().click();
      // The notice opens the case's page.
      await page.waitForURL(/\/v5\/case\/[^/?]+$/);
      await page.getByTestId('case-page-patient').filter({ hasText: 'Live Patient' }).waitFor();

      expect(await unreloaded(page)).toBe(true);
      await labContext.close();
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
