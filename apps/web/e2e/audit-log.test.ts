import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditLog } from '../../server/src/platform/audit/audit.schema.ts';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, openAs, overflowOf, PHONE, resize } from './support/page.ts';
import { apiToken, people, suffix } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The audit log in /manager (administrators) in Chromium: the newest entries first with actor and organization,
 * filters (action prefix, outcome, organization picked by name), "Load more" by key, a detail opened as JSON, the
 * CSV export (BOM, headings, defused cells) and the empty state; on a phone the filters fold behind a button that
 * counts them. (The tab at 390, 768 and 1440 px: responsive.test.ts.)
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
const SHOTS = '/tmp/shots-audit';

describe('the audit log in /manager', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let admin: PersonRef;
  /** This journey's probe actions (`<probe>.even`, `<probe>.odd`), apart from any other journey's entries. */
  const probe = `probe${suffix()}`;
  const table = () => page.getByTestId('audit-table');
  const rows = () => table().locator('tr.ant-table-row');

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    const p = people(journey.app);
    admin = await p.admin();
    // 120 entries of a probe action, one of them with a formula-looking object id.
    await journey.app.platform.db.insert(auditLog).values(
      Array.from({ length: 120 }, (_, i) => ({
        action: i % 2 ? `${probe}.even` : `${probe}.odd`,
        outcome: i % 3 ? ('allowed' as const) : ('refused' as const),
        objectType: 'widget',
        objectId: i === 119 ? '=HYPERLINK("x")' : `w${i}`,
        ip: '198.51.100.7',
        detail: { index: i, nested: { ok: true } },
      })),
    );
    // Then the administrator signs in (as the scanner software does): the newest entry, with the account's name.
    await p.password(admin, 'audit_pw1');
    await apiToken(journey.app, admin.username, 'audit_pw1');
  });
  afterAll(async () => {
    await journey?.close();
  });

  /** The audit tab, as the administrator, once it lists entries. */
  async function openAudit() {
    await openAs(page, base, admin, '/v5/manager?tab=audit');
    await rows().first().waitFor();
  }

  async function apply(fields: { action?: string; outcome?: 'allowed' | 'refused' }) {
    const filters = page.getByTestId('audit-filters');
    if (fields.action !== undefined) await filters.getByTestId('audit-filter-action').fill(fields.action);
    if (fields.outcome) {
      await filters.getByTestId('audit-filter-outcome').click();
      await page
        .locator('.ant-select-item-option', { hasText: text(`audit.outcomes.${fields.outcome}`) })
        .click();
    }
    await page.getByTestId('audit-apply').click();
  }

  it('lists the newest entries first, filters them and loads more by key', async () => {
    await openAudit();
    // The administrator's own sign-in is on record, with the account's name.
    await expect.poll(() => table().getByText(admin.username, { exact: true }).count()).toBeGreaterThan(0);

    await apply({ action: `${probe}.*` });
    await expect.poll(() => rows().count()).toBe(50);
    expect(await rows().first().locator('code').first().textContent()).toBe(`${probe}.even`);
    await page.getByTestId('audit-load-more').click();
    await expect.poll(() => rows().count()).toBe(100);
    await page.getByTestId('audit-load-more').click();
    await expect.poll(() => rows().count()).toBe(120);
    await page.getByTestId('audit-more').getByText(text('audit.end')).waitFor();
    // No entry twice.
    const objects = await rows().evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(new Set(objects).size).toBe(120);

    await apply({ action: `${probe}.odd`, outcome: 'refused' });
    await expect.poll(() => rows().count()).toBe(20);
    const tags = await table().getByTestId('audit-outcome').allTextContents();
    expect(new Set(tags)).toEqual(new Set([text('audit.outcomes.refused')]));

    // A detail opens as formatted JSON.
    await rows().first().getByTestId('audit-detail-toggle').click();
    const detail = await rows().first().getByTestId('audit-detail').textContent();
    expect(JSON.parse(detail!)).toMatchObject({ nested: { ok: true } });
    expect(detail).toContain('\n  "nested": {');
    await journey.shot('audit-1440');
    expect(await overflowOf(page), 'width 1440').toBeLessThanOrEqual(0);

    // On a phone the fields fold away behind a button that counts the filters in use; nothing scrolls sideways.
    await resize(page, PHONE);
    await page.getByTestId('audit-filters-toggle').waitFor();
    expect(await page.getByTestId('audit-filters-toggle').textContent()).toBe('Filters (2)');
    expect(await page.getByTestId('audit-filter-action').isVisible()).toBe(false);
    await journey.shot('audit-390');
    expect(await overflowOf(page), 'width 390').toBeLessThanOrEqual(0);
    await resize(page, DESKTOP);
    expect(journey.pageErrors).toEqual([]);
  });

  it('exports the filtered entries as CSV with a BOM and defused formulas', async () => {
    await openAudit();
    await apply({ action: `${probe}.*`, outcome: 'allowed' });
    await expect.poll(() => rows().count()).toBe(50);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'id,at,actor_user_id,actor_username,actor_cust_id,actor_cust_name,action,object_type,object_id,outcome,ip,request_id,detail',
    );
    expect(lines.length).toBe(1 + 80);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    await journey.toast(text('audit.exported'));
    expect(journey.pageErrors).toEqual([]);
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    await openAudit();
    await apply({ action: 'nothing.matches.this' });
    await table().getByText(text('audit.emptyFiltered')).waitFor();
    await journey.shot('audit-empty-1440');
    await table()
      .getByRole('button', { name: text('audit.filters.reset') })
      .click();
    await rows().first().waitFor();
    expect(journey.pageErrors).toEqual([]);
  });
});
