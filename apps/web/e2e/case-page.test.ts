import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { users } from '../../server/src/modules/account/users.schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import type { DeviceRef, OrgRef } from '../../server/src/testing/factories.ts';
import { SHOTS, e2eTempDir, startJourney, type Journey } from './server.ts';
import { caseListShown, clickTheScan, hubJoined, openAs, overflowOf, PHONE, TABLET } from './support/page.ts';
import { archwayScan, jawPly, people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * One page for one case (issue 32), worked end to end by a fresh clinic and a fresh lab, each on its own screen:
 * - the lab at 1440 px (mouse) watches its case box; the case arrives, its toast opens the case's page; the viewer
 *   shows the scans, the lab measures and pins a remark; the new-case mail's link opens the same page;
 * - the clinic on a phone (390 px, touch) sees the unread mark on the case's card, taps it, reads the remark in the
 *   Conversation tab and replies; back in its list the mark is gone;
 * - the lab sees the reply arrive on its open page without a reload;
 * - the lab on a tablet (768 px, touch) finds the case by a keyword, converts a scan and downloads the STL, downloads
 *   an original, sets its progress; the History tab tells each of these with who; the clinic's history tells what
 *   the lab did that it may see (not the conversion); Back returns to the list with the keyword still there;
 * - a lab of another organization that has the page's address sees "case not found".
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const PATIENT = 'Page Pagesen';
const REMARK = 'Margin unclear on this tooth';
const REPLY = 'Thanks, we rescan it tomorrow';

describe('one page for one case in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let clinic: OrgRef;
  let lab: OrgRef;
  let scanner: DeviceRef;
  let caseId = '';
  const contexts: BrowserContext[] = [];

  async function touchPage(size: { width: number; height: number }): Promise<Page> {
    const context = await journey.browser.newContext({
      viewport: size,
      hasTouch: true,
      isMobile: size.width < 500,
      locale: 'en-US',
    });
    contexts.push(context);
    return context.newPage();
  }

  /** An action of the page's header: its button, or the entry of its More menu. */
  async function headerAction(on: Page, action: string, touch: boolean) {
    // The header's actions as laid out for this width (a button or under More), once the case has loaded.
    await on.getByTestId('case-page-actions').waitFor();
    const button = on.getByTestId(`case-page-${action}`);
    // The header is there once the case is: its action as a button, or the More menu that holds it.
    await on.locator(`[data-testid=case-page-${action}], [data-testid=case-page-more]`).first().waitFor();
    if (await button.isVisible()) return touch ? button.tap() : button.click();
    const more = on.getByTestId('case-page-more');
    await (touch ? more.tap() : more.click());
    const item = on
      .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
      .filter({ hasText: text(`casePage.actions.${action}`) })
      .first();
    await (touch ? item.tap() : item.click());
  }

  async function sideTab(on: Page, key: string, touch: boolean) {
    const tab = on.getByTestId('case-page-tabs').locator(`[data-node-key=${key}]`).first();
    await (touch ? tab.tap() : tab.click());
  }

  async function firstFrame(on: Page) {
    await on.locator('[data-testid=scan-viewer][data-frame=drawn]').waitFor({ timeout: 90_000 });
    await on.getByTestId('viewer-progress').waitFor({ state: 'detached', timeout: 90_000 });
  }

  const historyKinds = (on: Page) =>
    on
      .getByTestId('case-history-event')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}:${e.getAttribute('data-own')}`));

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    p = people(journey.app);
    clinic = await p.clinic('Page Clinic');
    lab = await p.lab('Page Lab');
    await p.password(clinic.owner, 'page_pw1');
    scanner = await p.device(clinic);
    await p.receiver(scanner, lab, { caseType: 3 });
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await journey?.close();
  });

  it(
    'a clinic and a lab work one case on its page at 1440, 768 (touch) and 390 (touch)',
    { timeout: 600_000 },
    async () => {
      // The lab watches its case box; the case arrives and its toast opens the case's page.
      const joined = hubJoined(page, lab.owner.userId);
      await openAs(page, base, lab.owner, '/v5/case', { shell: false });
      await caseListShown(page);
      await joined;
      // The clinic's scanner software uploads both jaws (the real tus path, which tells open screens and mails).
      const scanDir = e2eTempDir('archway-case-page-');
      for (const jaw of ['upper', 'lower'] as const)
        writeFileSync(path.join(scanDir, `${jaw}.ply`), jawPly(jaw, 5, 12_000));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'page_pw1'],
        ...['--device', scanner.serial, '--type', '3', '--patient', PATIENT],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none'],
        path.join(scanDir, 'upper.ply'),
        path.join(scanDir, 'lower.ply'),
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const toast = page.locator('.realtime-case-arrived').filter({ hasText: PATIENT });
      await toast.locator('.realtime-task-open').click();
      await page.waitForURL(/\/v5\/case\/[0-9a-f-]{36}$/);
      caseId = new URL(page.url()).pathname.split('/').pop()!;
      await expect(page.getByTestId('case-page-patient').innerText()).resolves.toContain(PATIENT);
      await firstFrame(page);

      // Measure between two points of the scan, then pin a remark.
      await page.getByTestId('viewer-tool-measure').click();
      const labels = page.getByTestId('viewer-measure-label');
      await clickTheScan(page, async () =>
        /second/i.test(await page.getByTestId('viewer-measure-hint').innerText()),
      );
      await clickTheScan(page, async () => (await labels.count()) > 0);
      expect(await labels.first().innerText()).toMatch(/^\d+\.\d{2}\smm$/);
      await page.getByTestId('viewer-tool-remark').click();
      await page.getByTestId('viewer-pin-hint').waitFor();
      await clickTheScan(page, () => page.getByTestId('viewer-pin-composer').isVisible());
      await page.getByTestId('viewer-pin-text').fill(REMARK);
      await page.getByTestId('viewer-pin-send').click();
      await page.getByTestId('viewer-pin-label').filter({ hasText: REMARK }).waitFor();
      await journey.shot('case-page-lab-1440');

      // The new-case mail names the case: its link opens the same page.
      const mails = await journey.app.platform.db
        .select({ recipient: mailOutbox.recipient, text: mailOutbox.text })
        .from(mailOutbox)
        .where(like(mailOutbox.text, `%/v5/case/${caseId}%`));
      const [owner] = await journey.app.platform.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, lab.owner.userId));
      const mail = mails.find((m) => m.recipient === owner!.email);
      const link = new RegExp(`https?://\\S+/v5/case/${caseId}`).exec(mail?.text ?? '')?.[0];
      expect(link).toBeTruthy();
      const rejoined = hubJoined(page, lab.owner.userId);
      await page.goto(`${base}${new URL(link!).pathname}`);
      await page.locator(`[data-testid=case-view-page][data-case="${caseId}"]`).waitFor();
      await rejoined;

      // The clinic on a phone: the remark is an unread reply on the case's card; the card opens the page.
      const phone = await touchPage(PHONE);
      await openAs(phone, base, clinic.owner, '/v5/case', { shell: false });
      await caseListShown(phone);
      const card = phone.getByTestId('case-open').filter({ hasText: PATIENT }).first();
      await phone.locator('[data-testid=case-unread][data-count="1"]').first().waitFor({ timeout: 60_000 });
      await card.tap();
      await phone.waitForURL(`**/v5/case/${caseId}`);
      expect(await overflowOf(phone)).toBe(0);
      await sideTab(phone, 'conversation', true);
      const thread = phone.getByTestId('comment-thread');
      await thread.getByTestId('comment-message').filter({ hasText: REMARK }).waitFor();
      await thread.getByTestId('comment-pin').first().waitFor();
      await thread.getByTestId('comment-input').fill(REPLY);
      await thread.getByTestId('comment-send').tap();
      await thread.getByTestId('comment-message').filter({ hasText: REPLY }).waitFor();
      await phone.screenshot({ path: `${SHOTS}/case-page-clinic-390.png` });
      // Opening the page read the thread: back in the list the mark is gone.
      await phone.goBack();
      await caseListShown(phone);
      await phone.getByTestId('case-open').filter({ hasText: PATIENT }).first().waitFor();
      await expect.poll(() => phone.getByTestId('case-unread').count(), { timeout: 30_000 }).toBe(0);

      // The lab's open page shows the reply without a reload.
      await sideTab(page, 'conversation', false);
      await page.getByTestId('comment-message').filter({ hasText: REPLY }).waitFor({ timeout: 30_000 });

      // The lab on a tablet: the case by a keyword, convert and download, an original's download, the progress.
      const tablet = await touchPage(TABLET);
      await openAs(tablet, base, lab.owner, '/v5/case', { shell: false });
      await caseListShown(tablet);
      const search = tablet.getByTestId('case-search').locator('input').first();
      await search.fill('Pagesen');
      await search.press('Enter');
      await expect
        .poll(() => tablet.getByTestId('case-open').filter({ hasText: PATIENT }).count())
        .toBeGreaterThan(0);
      await tablet.getByTestId('case-open').filter({ hasText: PATIENT }).first().tap();
      await tablet.waitForURL(`**/v5/case/${caseId}`);
      expect(await overflowOf(tablet)).toBe(0);

      await headerAction(tablet, 'convert', true);
      await tablet.getByTestId('convert-dialog').waitFor();
      await tablet.getByTestId('convert-type-stl').tap();
      await tablet.getByTestId('convert-start').tap();
      await tablet.locator('[data-testid=convert-job][data-state=done]').waitFor({ timeout: 120_000 });
      const [stl] = await Promise.all([
        tablet.waitForEvent('download'),
        tablet
          .getByTestId('convert-file')
          .filter({ hasText: 'upper.stl' })
          .getByTestId('convert-download')
          .tap(),
      ]);
      expect(stl.suggestedFilename()).toBe('upper.stl');
      await tablet.keyboard.press('Escape');
      await tablet.getByTestId('convert-dialog').waitFor({ state: 'detached' });

      await sideTab(tablet, 'details', true);
      await tablet.locator('[data-testid=case-conversion][data-state=done]').first().waitFor();
      const original = tablet.getByTestId('case-file').filter({ hasText: 'lower.ply' }).first();
      const [ply] = await Promise.all([
        tablet.waitForEvent('download'),
        original.getByTestId('case-file-download').tap(),
      ]);
      expect(ply.suggestedFilename()).toBe('lower.ply');

      await tablet.getByTestId('process-status').tap();
      await tablet
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: text('cases.progress.processing') })
        .first()
        .tap();
      await tablet.getByTestId('process-status').getByText(text('cases.progress.processing')).waitFor();

      // The history tells each of these, with who.
      await sideTab(tablet, 'history', true);
      await expect
        .poll(() => historyKinds(tablet), { timeout: 30_000 })
        .toEqual(
          expect.arrayContaining([
            'uploaded:false',
            'received:true',
            'commented:false',
            'commented:true',
            'converted:true',
            'downloaded:true',
            'status:true',
          ]),
        );
      const status = tablet.locator('[data-testid=case-history-event][data-kind=status]').first();
      expect(await status.innerText()).toContain(lab.owner.username);
      await tablet.screenshot({ path: `${SHOTS}/case-page-lab-768-history.png` });

      // The clinic's history: the lab's progress and download, not its conversion.
      await phone.goForward();
      await phone.locator(`[data-testid=case-view-page][data-case="${caseId}"]`).waitFor();
      await sideTab(phone, 'history', true);
      await expect
        .poll(() => historyKinds(phone), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['uploaded:true', 'status:false', 'downloaded:false']));
      expect((await historyKinds(phone)).some((k) => k.startsWith('converted'))).toBe(false);

      // Back returns to the list as it was: the keyword is still there.
      await tablet.goBack();
      await caseListShown(tablet);
      await expect(search.inputValue()).resolves.toBe('Pagesen');

      // Someone of another organization who has the address sees no case there, as the API answers.
      const stranger = await p.lab('Stranger Lab');
      await openAs(page, base, stranger.owner, `/v5/case/${caseId}`, { shell: false });
      await page.getByTestId('case-page-not-found').waitFor();
      await expect(page.getByText(PATIENT).count()).resolves.toBe(0);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
