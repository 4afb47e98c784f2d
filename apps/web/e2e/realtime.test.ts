import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ProcessStatus } from '@archway/contract';
import { factories } from '../../server/src/testing/factories.ts';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { currentUserOf, openCaseList, signInAs, startJourney, type Journey } from './server.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The realtime hub in two browsers side by side: the clinic uploads with its scanner software (archway-scan) and
 * the lab's open case box shows the case without a reload; the lab sets the case finished and the clinic's page
 * shows the persistent Task notice, whose button opens the case's detail.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SCANNER = path.join(here, '..', '..', '..', 'tools', 'scanner', 'bin', 'archway-scan.js');
const en = readLocale('en') as { realtime: { task: Record<string, string> } };

function archwayScan(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCANNER, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('realtime in Chromium', () => {
  let journey: Journey;
  let clinicPage: Page;
  let labPage: Page;

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
      await signInAs(clinicPage, base, 'clinic');
      const clinic = await currentUserOf(clinicPage);
      const labContext = await journey.browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'en-US',
        reducedMotion: 'reduce',
      });
      labPage = await labContext.newPage();
      await signInAs(labPage, base, 'lab');
      const lab = await currentUserOf(labPage);

      const f = factories(journey.app);
      const clinicOwner = await f.callerOf(clinic.userId, 'clinic', clinic.custId);
      const labOwner = await f.callerOf(lab.userId, 'lab', lab.custId);
      const scanner = await f.device({ custId: clinic.custId, name: 'Demo Clinic', owner: clinicOwner });
      await f.receiver(scanner, lab, { caseType: 3 });

      await openCaseList(labPage, base);
      await openCaseList(clinicPage, base);
      const patient = 'Realtime Rita';
      await expect(labPage.getByText(patient, { exact: true }).count()).resolves.toBe(0);

      const scanDir = mkdtempSync(path.join(tmpdir(), 'archway-scan-'));
      writeFileSync(path.join(scanDir, 'upper.ply'), sampleArchPly({ seed: 5 }));
      const uploaded = await archwayScan([
        'upload',
        ...['--server', base, '--user', 'clinic', '--password', 'demo123', '--device', scanner.serial],
        // Demo Lab, which receives the restorations, asks for a material on its order form.
        ...['--field', 'Material=zirconia'],
        ...[
          '--type',
          '3',
          '--patient',
          patient,
          '--state',
          path.join(scanDir, 'state'),
          '--progress',
          'none',
        ],
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
        await labOwner.call('POST', '/getpaging', { pageIndex: 1, pageSize: 15, keyword: patient })
      ).body.data.records as { id: string }[];
      const finished = await labOwner.call(
        'PUT',
        `/processStatus?id=${row!.id}&status=${ProcessStatus.finished}`,
      );
      expect(finished.body.success).toBe(true);

      const notice = clinicPage
        .locator('.ant-notification-notice')
        .filter({ hasText: en.realtime.task.finishedTitle });
      await notice.waitFor({ timeout: 20_000 });
      await clinicPage.screenshot({ path: '/tmp/shots/realtime-clinic-task.png' });
      // Persistent: still there after the usual toast time.
      await clinicPage.waitForTimeout(5000);
      await expect(notice.count()).resolves.toBe(1);
      await notice.getByRole('button', { name: en.realtime.task.open }).click();
      await clinicPage.waitForURL(new RegExp(`/case\\?id=${row!.id}`));
      await clinicPage
        .locator('.ant-modal')
        .filter({ hasText: patient })
        .first()
        .waitFor({ timeout: 20_000 });
      await clinicPage.screenshot({ path: '/tmp/shots/realtime-clinic-detail.png' });
      expect(journey.pageErrors).toEqual([]);
      await labContext.close();
    },
  );
});
