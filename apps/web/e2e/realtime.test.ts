import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ProcessStatus } from '@archway/contract';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { openCaseList, e2eTempDir, startJourney, type Journey } from './server.ts';
import { frames, openAs } from './support/page.ts';
import { archwayScan, people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The realtime hub in two browsers side by side: a fresh clinic uploads with its scanner software (archway-scan) and
 * the fresh lab's open case box shows the case without a reload; the lab sets the case finished and the clinic's page
 * shows the Task notice, whose button opens the case's page.
 */
const en = readLocale('en') as { realtime: { task: Record<string, string> } };

describe('realtime in Chromium', () => {
  let journey: Journey;
  let clinicPage: Page;

  beforeAll(async () => {
    journey = await startJourney();
    clinicPage = journey.page;
  });
  afterAll(async () => {
    await journey?.close();
  });

  it(
    'a new case appears in the lab box without a reload; finishing it gives the clinic a Task notice',
    { timeout: 600_000 },
    async () => {
      const { base } = journey;
      const p = people(journey.app);
      const [clinic, lab] = await Promise.all([p.clinic('Realtime Clinic'), p.lab('Realtime Lab')]);
      // The scanner software signs in with the clinic owner's password.
      await p.password(clinic.owner, 'realtime_pw1');
      const scanner = await p.device(clinic);
      await p.receiver(scanner, lab, { caseType: 3 });
      // The lab, which receives the restorations, asks for a material on its order form.
      await p.orderForm(lab);

      // The clinic's clock is Playwright's: time runs as usual, and the test can make it jump.
      await clinicPage.clock.install();
      await openAs(clinicPage, base, clinic.owner, '/v5/case');
      const labContext = await journey.browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      const labPage = await labContext.newPage();
      await openAs(labPage, base, lab.owner, '/v5/case');

      await openCaseList(labPage, base);
      await openCaseList(clinicPage, base);
      const patient = 'Realtime Rita';
      await expect(labPage.getByText(patient, { exact: true }).count()).resolves.toBe(0);

      const scanDir = e2eTempDir('archway-scan-');
      writeFileSync(path.join(scanDir, 'upper.ply'), sampleArchPly({ seed: 5 }));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', clinic.owner.username, '--password', 'realtime_pw1'],
        ...['--device', scanner.serial, '--field', 'Material=zirconia'],
        ...['--type', '3', '--patient', patient],
        ...['--state', path.join(scanDir, 'state'), '--progress', 'none'],
        path.join(scanDir, 'upper.ply'),
      ]);
      expect(uploaded.code, uploaded.stderr).toBe(0);

      // No reload: the lab's open box refetches on caseChanged.
      const url = labPage.url();
      await labPage
        .getByTestId('case-patient')
        .getByText(patient, { exact: true })
        .first()
        .waitFor({ timeout: 20_000 });
      expect(labPage.url()).toBe(url);
      await labPage.screenshot({ path: '/tmp/shots/realtime-lab-box.png' });

      const [row] = (
        await lab.owner.call('POST', '/getpaging', { pageIndex: 1, pageSize: 15, keyword: patient })
      ).body.data.records as { id: string }[];
      const finished = await lab.owner.call(
        'PUT',
        `/processStatus?id=${row!.id}&status=${ProcessStatus.finished}`,
      );
      expect(finished.body.success).toBe(true);

      const notice = clinicPage
        .locator('.ant-notification-notice')
        .filter({ hasText: en.realtime.task.finishedTitle });
      await notice.waitFor({ timeout: 20_000 });
      await clinicPage.screenshot({ path: '/tmp/shots/realtime-clinic-task.png' });
      // It goes by itself after 6 s (issue 33), but not while the pointer is over it: still there once the usual
      // toast time and more than its own have passed on the page's clock.
      await notice.hover();
      const before = await clinicPage.evaluate(() => Date.now());
      await clinicPage.clock.fastForward(8000);
      await frames(clinicPage);
      expect((await clinicPage.evaluate(() => Date.now())) - before).toBeGreaterThanOrEqual(8000);
      await expect(notice.count()).resolves.toBe(1);
      await notice.getByRole('button', { name: en.realtime.task.open }).click();
      // The case's page (issue 32).
      await clinicPage.waitForURL((at) => at.pathname === `/v5/case/${row!.id}`);
      await clinicPage.getByTestId('case-page-patient').getByText(patient).waitFor({ timeout: 20_000 });
      await clinicPage.screenshot({ path: '/tmp/shots/realtime-clinic-detail.png' });
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
