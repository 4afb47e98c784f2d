import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openCaseList, startJourney, type Journey } from './server.ts';
import { atWidths, openAs, overflowOf, PHONE, resize } from './support/page.ts';
import { people } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The partners journey of issue 9 in a real browser against a real server, with fresh organizations: a lab applies
 * for a third-party cooperation with a second lab, which accepts; the lab forwards a case it received from a clinic to
 * the second lab, which finds it in its case box (forwarded by the lab), and the lab's card shows the third party's
 * name. /partner (each tab) and the case lists are photographed at 390, 768 and 1440 px and must not be wider than the
 * window.
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

  const shot = (name: string) => journey.shot(`partners-${name}`);
  const checkWidth = async (what: string) => {
    const over = await overflowOf(page);
    if (over > 0) tooWide.push(`${what}: ${over} px too wide`);
  };
  const widths = async (name: string, ready: () => Promise<unknown>) =>
    tooWide.push(...(await atWidths(page, '/tmp/shots', `partners-${name}`, ready)));
  const openTab = async (tab: 'clinics' | 'labs' | 'cooperation') => {
    await page.getByRole('tab', { name: text(`partners.tabs.${tab}`) }).click();
    await page
      .locator('[data-testid=partner-page] .ant-spin-spinning')
      .first()
      .waitFor({ state: 'detached' });
  };
  /** /partner on a tab (opened unless the page is there already, as after `openAs`). */
  const openPartners = async (tab: 'clinics' | 'labs' | 'cooperation') => {
    if (!page.url().endsWith('/v5/partner')) await page.goto(`${base}/v5/partner`);
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
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    'a lab applies, the other lab accepts, the lab forwards a received case, the third party sees it',
    { timeout: 600_000 },
    async () => {
      const f = people(journey.app);
      const clinic = await f.clinic();
      const lab = await f.lab();
      const third = await f.lab('Third Lab');
      const scanner = await f.device(clinic);
      await f.receiver(scanner, lab, { caseType: 3 });
      await f.kase(scanner, clinic.owner, { patientName: 'Ada Forward', caseType: 3, doctor: 'Dr. Byron' });

      // The lab's partners: the clinic sends it scans; no partner labs, no cooperation yet.
      await openAs(page, base, lab.owner, '/v5/partner');
      await openPartners('clinics');
      const demoClinic = rowWith(clinic.name);
      await demoClinic.waitFor();
      await expect(demoClinic.innerText()).resolves.toContain(text('partners.relations.sendsMeScans'));
      // The clinic hides its e-mail and phone (the default privacy).
      await expect(demoClinic.getByTestId('partner-hidden').count()).resolves.toBeGreaterThan(0);
      await openTab('labs');
      await page.getByText(text('partners.empty.labs')).waitFor();
      await openTab('cooperation');
      await page.getByText(text('partners.coop.empty')).waitFor();
      await shot('lab-cooperation-empty-1440');

      // Apply: find the second lab by name.
      await page.getByTestId('coop-apply').click();
      const org = page.getByTestId('coop-org');
      await org.click();
      await page.keyboard.type(third.name);
      const option = page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid=coop-org-option]')
        .filter({ hasText: third.name })
        .first();
      await option.waitFor();
      await shot('apply-dialog-1440');
      await option.click();
      await page.locator('#coop-apply-ok').click();
      await journey.toast(text('partners.coop.done.applied', { name: third.name }));
      const applied = rowWith(third.name);
      await applied.getByText(text('partners.coop.state.awaiting')).waitFor();

      // The second lab accepts (after a confirmation).
      await openAs(page, base, third.owner, '/v5/partner');
      await openPartners('cooperation');
      const incoming = rowWith(lab.name);
      await incoming.getByText(text('partners.coop.state.asked')).waitFor();
      await incoming.getByTestId('coop-accept').click();
      await page
        .locator('.ant-modal-confirm-title')
        .filter({ hasText: text('partners.coop.confirm.acceptTitle', { name: lab.name }) })
        .waitFor();
      await page.locator('#coop-confirm-ok').click();
      await journey.toast(text('partners.coop.done.accept', { name: lab.name }));
      await rowWith(lab.name).getByText(text('partners.coop.state.open')).waitFor();

      // The lab forwards the case it received.
      await openAs(page, base, lab.owner, '/v5/case');
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
        .filter({ hasText: third.name })
        .first()
        .click();
      await shot('forward-dialog-1440');
      await page.locator('#forward-ok').click();
      await journey.toast(text('cases.forward.done', { name: third.name }));
      // The lab's card: the third party's name.
      await row
        .getByTestId('case-third-party')
        .getByText(text('cases.forward.to', { name: third.name }))
        .waitFor();
      await shot('lab-case-forwarded-1440');

      // The lab's partner labs now list the second lab: cooperation, and it receives the lab's scans.
      await openPartners('labs');
      const partnerLab = rowWith(third.name);
      await partnerLab.waitFor();
      await expect(partnerLab.innerText()).resolves.toContain(text('partners.relations.cooperation'));
      await expect(partnerLab.innerText()).resolves.toContain(text('partners.relations.receivesMyScans'));

      // Every width: each tab and the case list, as they are now.
      for (const tab of ['clinics', 'labs', 'cooperation'] as const) {
        await openTab(tab);
        const row = rowWith(tab === 'clinics' ? clinic.name : third.name);
        await row.waitFor();
        await widths(`lab-${tab}`, () => row.waitFor());
      }
      await openCaseList(page, base, 'case');
      // The third party's name at each width: under the other party, or (the phone's card) after the status.
      await widths('lab-case', () =>
        caseRow('Ada Forward')
          .locator('[data-testid=case-third-party], .ant-tag')
          .filter({ hasText: third.name })
          .first()
          .waitFor(),
      );

      // The second lab finds the case in its box: received, forwarded by the lab.
      await openAs(page, base, third.owner, '/v5/case');
      await openCaseList(page, base, 'case');
      const theirs = caseRow('Ada Forward');
      await theirs.waitFor();
      await expect(theirs.innerText()).resolves.toContain(clinic.name);
      await theirs
        .getByTestId('case-third-party')
        .getByText(text('cases.forward.via', { name: lab.name }))
        .waitFor();
      await shot('third-party-case-1440');
      await resize(page, PHONE);
      await openCaseList(page, base, 'case');
      // The phone's card names the lab that forwarded it too.
      await caseRow('Ada Forward')
        .getByTestId('case-third-party')
        .getByText(text('cases.forward.via', { name: lab.name }))
        .waitFor();
      await checkWidth('third party case 390');
      await shot('third-party-case-390');

      // The clinic opens its partners on the labs tab (its partners are labs): the lab that receives its scans.
      await openAs(page, base, clinic.owner, '/v5/partner');
      await page.getByTestId('partner-page').waitFor();
      await expect(
        page.getByRole('tab', { name: text('partners.tabs.labs') }).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await rowWith(lab.name).waitFor();

      expect(tooWide).toEqual([]);
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
