import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { factories } from '../../server/src/testing/factories.ts';
import { users } from '../../server/src/modules/users/users.schema.ts';
import { WIDTHS, currentUserOf, openCaseList, signInAs, startJourney, type Journey } from './server.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The partners journey of issue 9 in a real browser against a real server: Demo Lab applies for a third-party
 * cooperation with Demo Lab 2, which accepts; Demo Lab forwards a case it received from Demo Clinic to Demo Lab 2;
 * Demo Lab 2 finds it in its case box (forwarded by Demo Lab) and Demo Lab's card shows the third party's name.
 * /partner (each tab) and the forward dialog are photographed at 390, 768 and 1440 px and must not be wider than
 * the window.
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)),
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string,
  );

describe('partners and third-party cooperation in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];

  const shot = async (name: string) => {
    await page.waitForTimeout(500);
    await journey.shot(`partners-${name}`);
  };
  const checkWidth = async (what: string) => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) tooWide.push(`${what}: ${scrollWidth} > ${innerWidth}`);
  };
  const openTab = async (tab: 'clinics' | 'labs' | 'cooperation') => {
    await page.getByRole('tab', { name: text(`partners.tabs.${tab}`) }).click();
    await page
      .locator('[data-testid=partner-page] .ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached' });
  };
  const openPartners = async (tab: 'clinics' | 'labs' | 'cooperation') => {
    await page.goto(`${base}/v5/partner`);
    await page.getByTestId('partner-page').waitFor();
    await openTab(tab);
  };
  /** A row (table) or card (phone) of the active tab holding this text. */
  const rowWith = (name: string): Locator =>
    page
      .locator(
        '[data-testid=partner-page] tr.ant-table-row:visible, [data-testid=partner-page] [data-testid=table-card]:visible',
      )
      .filter({ hasText: name })
      .first();
  const caseRow = (patient: string): Locator =>
    page
      .locator('.case-list tr.ant-table-row, .case-list [data-testid=table-card]')
      .filter({ has: page.getByTestId('case-patient').getByText(patient, { exact: true }) })
      .first();

  beforeAll(async () => {
    journey = await startJourney();
    ({ page, base } = journey);
    // Demo Lab 2 is a brand-new account: it has seen the first-use guide for this journey.
    await journey.app.platform.db
      .update(users)
      .set({ property: { skipNovice: 'yes' } })
      .where(eq(users.username, 'lab2'));
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'a lab applies, the other lab accepts, the lab forwards a received case, the third party sees it',
    { timeout: 600_000 },
    async () => {
      await signInAs(page, base, 'clinic');
      const clinic = await currentUserOf(page);
      await signInAs(page, base, 'lab');
      const lab = await currentUserOf(page);
      const f = factories(journey.app);
      const clinicOwner = await f.callerOf(clinic.userId, 'clinic', clinic.custId);
      const scanner = await f.device({ custId: clinic.custId, name: 'Demo Clinic', owner: clinicOwner });
      await f.receiver(scanner, lab, { caseType: 3 });
      await f.kase(scanner, clinicOwner, { patientName: 'Ada Forward', caseType: 3, doctor: 'Dr. Byron' });

      // Demo Lab's partners: Demo Clinic sends it scans; no partner labs, no cooperation yet.
      await openPartners('clinics');
      const demoClinic = rowWith('Demo Clinic');
      await demoClinic.waitFor();
      await expect(demoClinic.innerText()).resolves.toContain(text('partners.relations.sendsMeScans'));
      // Demo Clinic hides its e-mail and phone (the default privacy).
      await expect(demoClinic.getByTestId('partner-hidden').count()).resolves.toBeGreaterThan(0);
      await openTab('labs');
      await page.getByText(text('partners.empty.labs')).waitFor();
      await openTab('cooperation');
      await page.getByText(text('partners.coop.empty')).waitFor();
      await shot('lab-cooperation-empty-1440');

      // Apply: find Demo Lab 2 by name.
      await page.getByTestId('coop-apply').click();
      const org = page.getByTestId('coop-org');
      await org.click();
      await page.keyboard.type('Demo Lab 2');
      const option = page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid=coop-org-option]')
        .filter({ hasText: 'Demo Lab 2' })
        .first();
      await option.waitFor();
      await shot('apply-dialog-1440');
      await option.click();
      await page.locator('#coop-apply-ok').click();
      await journey.toast(text('partners.coop.done.applied', { name: 'Demo Lab 2' }));
      const applied = rowWith('Demo Lab 2');
      await applied.getByText(text('partners.coop.state.awaiting')).waitFor();

      // Demo Lab 2 accepts (after a confirmation).
      await signInAs(page, base, 'lab2');
      await openPartners('cooperation');
      const incoming = rowWith('Demo Lab');
      await incoming.getByText(text('partners.coop.state.asked')).waitFor();
      await incoming.getByTestId('coop-accept').click();
      await page
        .locator('.ant-modal-confirm-title')
        .filter({ hasText: text('partners.coop.confirm.acceptTitle', { name: 'Demo Lab' }) })
        .waitFor();
      await page.locator('#coop-confirm-ok').click();
      await journey.toast(text('partners.coop.done.accept', { name: 'Demo Lab' }));
      await rowWith('Demo Lab').getByText(text('partners.coop.state.open')).waitFor();

      // Demo Lab forwards the case it received.
      await signInAs(page, base, 'lab');
      await openCaseList(page, base, 'case');
      const row = caseRow('Ada Forward');
      await row.waitFor();
      await row.hover();
      const inline = row.getByTestId('action-forward');
      if ((await inline.count()) > 0) await inline.click();
      else {
        await row.getByTestId('action-more').click();
        await page
          .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
          .filter({ hasText: text('cases.actions.forward') })
          .first()
          .click();
      }
      await page.getByTestId('forward-partner').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'Demo Lab 2' })
        .first()
        .click();
      await shot('forward-dialog-1440');
      await page.locator('#forward-ok').click();
      await journey.toast(text('cases.forward.done', { name: 'Demo Lab 2' }));
      // The lab's card: the third party's name.
      await row
        .getByTestId('case-third-party')
        .getByText(text('cases.forward.to', { name: 'Demo Lab 2' }))
        .waitFor();
      await shot('lab-case-forwarded-1440');

      // Demo Lab's partner labs now list Demo Lab 2: cooperation, and it receives the lab's scans.
      await openPartners('labs');
      const partnerLab = rowWith('Demo Lab 2');
      await partnerLab.waitFor();
      await expect(partnerLab.innerText()).resolves.toContain(text('partners.relations.cooperation'));
      await expect(partnerLab.innerText()).resolves.toContain(text('partners.relations.receivesMyScans'));

      // Every width: each tab, the cooperation list, the forward dialog's state on a phone.
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        for (const tab of ['clinics', 'labs', 'cooperation'] as const) {
          await openPartners(tab);
          await rowWith(tab === 'clinics' ? 'Demo Clinic' : 'Demo Lab 2').waitFor();
          await checkWidth(`partner ${tab} ${size.width}`);
          await shot(`lab-${tab}-${size.width}`);
        }
        await openCaseList(page, base, 'case');
        await caseRow('Ada Forward').getByTestId('case-third-party').waitFor();
        await checkWidth(`case ${size.width}`);
        await shot(`lab-case-${size.width}`);
      }
      await page.setViewportSize(WIDTHS[2]);

      // Demo Lab 2 finds the case in its box: received, forwarded by Demo Lab.
      await signInAs(page, base, 'lab2');
      await openCaseList(page, base, 'case');
      const theirs = caseRow('Ada Forward');
      await theirs.waitFor();
      await expect(theirs.innerText()).resolves.toContain('Demo Clinic');
      await theirs
        .getByTestId('case-third-party')
        .getByText(text('cases.forward.via', { name: 'Demo Lab' }))
        .waitFor();
      await shot('third-party-case-1440');
      await page.setViewportSize(WIDTHS[0]);
      await openCaseList(page, base, 'case');
      await caseRow('Ada Forward').waitFor();
      await checkWidth('third party case 390');
      await shot('third-party-case-390');
      await page.setViewportSize(WIDTHS[2]);

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
