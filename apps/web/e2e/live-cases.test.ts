import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eTempDir, startJourney, type Journey } from './server.ts';
import { caseListShown, DESKTOP, issueScreen, openAs, PHONE } from './support/page.ts';
import { archwayScan, jawPly, people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Live case lists: the lab keeps its case box open (1440 px) and its home on a phone (390 px); the clinic uploads a
 * scan with its scanner software (archway-scan, the real tus path, so the server draws the preview image). Without a
 * reload the lab's box shows the case highlighted with a toast that opens its page (covering none of the list's toolbar at
 * 1440, a slim bar over the top bar on the phone), the home's "Latest cases" and "Cases not downloaded" show it, and once the
 * image is drawn the row's placeholder turns into the image.
 */
const en = readLocale('en') as {
  realtime: { arrived: Record<string, string>; task: Record<string, string> };
  home: { recent: Record<string, string> };
};
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const keep = (page: Page, name: string) => issueScreen(page, 'issue-24', name, 60);

describe('live case lists in Chromium', () => {
  let journey: Journey;

  beforeAll(async () => {
    journey = await startJourney();
  });
  afterAll(async () => {
    await journey?.close();
  });

  it(
    'an open case box shows a new case with a toast that opens it, then its preview image; the home cards follow',
    { timeout: 300_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const [clinic, lab] = await Promise.all([p.clinic('Live Clinic'), p.lab('Live Lab')]);
      await p.password(clinic.owner, 'live_pw1');
      const scanner = await p.device(clinic);
      await p.receiver(scanner, lab, { caseType: 3 });

      const listPage = journey.page;
      await listPage.setViewportSize(DESKTOP);
      await openAs(listPage, base, lab.owner, '/v5/case');
      await caseListShown(listPage);
      const homeContext = await journey.browser.newContext({
        viewport: PHONE,
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      const homePage = await homeContext.newPage();
      await openAs(homePage, base, lab.owner, '/v5/home');
      const recent = homePage.getByTestId('home-recent');
      await recent.waitFor();
      const patient = 'Live Lena';
      await expect(recent.getByText(patient).count()).resolves.toBe(0);

      const scanDir = e2eTempDir('archway-live-');
      writeFileSync(path.join(scanDir, 'upper.ply'), jawPly('upper', 11, 8_000));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'live_pw1'],
        ...['--device', scanner.serial, '--type', '3', '--patient', patient],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none'],
        path.join(scanDir, 'upper.ply'),
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);
      const caseId = uploaded.stdout.trim().split('\n').pop()!;
      const listUrl = listPage.url();

      // The toast names the patient; the row is there, highlighted for a moment.
      const toast = listPage
        .locator('.realtime-case-arrived')
        .filter({ hasText: en.realtime.arrived.title })
        .filter({ hasText: patient });
      await toast.waitFor({ timeout: 20_000 });
      const row = listPage.locator('.case-arrived').filter({ hasText: patient });
      await row.waitFor();
      await keep(listPage, '5-new-case-after-1440');
      // It covers none of the list's toolbar: not the view switch (table or cards) it once sat on for 8 s.
      const toastBox = await toast.boundingBox();
      const switchBox = await listPage.getByTestId('table-view').boundingBox();
      expect(toastBox && switchBox).toBeTruthy();
      expect(overlaps(toastBox!, switchBox!), 'toast over the view switch at 1440').toBe(false);
      // On the phone it is a slim bar over the top bar (issue 33): the page below stays uncovered.
      const phoneToast = homePage.locator('.realtime-case-arrived').filter({ hasText: patient });
      await phoneToast.waitFor();
      const phoneBox = await phoneToast.boundingBox();
      const phoneBar = await homePage.locator('.ant-layout-header').boundingBox();
      expect(phoneBox && phoneBar).toBeTruthy();
      expect(phoneBox!.y + phoneBox!.height).toBeLessThanOrEqual(phoneBar!.y + phoneBar!.height);

      // The toast opens the case's page (issue 32); the browser's back returns to the list.
      await toast.getByRole('button', { name: en.realtime.task.open }).click();
      await listPage.waitForURL((url) => url.pathname === `/v5/case/${caseId}`);
      await listPage.getByTestId('case-page-patient').getByText(patient).waitFor({ timeout: 20_000 });
      await listPage.goBack();
      await caseListShown(listPage);
      expect(listPage.url()).toBe(listUrl);

      // The home's cards on the phone: the latest cases and the attention card count it, without a reload.
      await recent.getByText(patient).waitFor({ timeout: 20_000 });
      await homePage.getByTestId('attention-not-downloaded').getByRole('link').waitFor();
      // The phone had its toast too; a toast, not a task notice: it goes by itself and uncovers the cards.
      await phoneToast.waitFor({ state: 'detached', timeout: 30_000 });
      await homePage.getByTestId('home-recent').scrollIntoViewIfNeeded();
      await keep(homePage, '5-home-cards-after-390');

      // The server draws the preview image a few seconds later: the open list swaps the placeholder for it.
      const listed = listPage.locator('.ant-table-row').filter({ hasText: patient });
      await listed.locator('img.case-thumb-image').waitFor({ timeout: 30_000 });
      expect(listPage.url().split('?')[0]).toBe(listUrl.split('?')[0]);
      await keep(listPage, '2-live-thumbnail-after-1440');
      expect(journey.pageErrors).toEqual([]);
      await homeContext.close();
    },
  );
});
