import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CompareSide, StatsRow } from '@archway/contract';
import { startJourney, type Journey } from './server.ts';
import { DESKTOP, openAs, PHONE, TABLET } from './support/page.ts';
import { exchange, people, YESTERDAY_CASES } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * The statistics journey of issue 11 in a real browser against a real server, for a fresh lab sent cases over four
 * months by a fresh clinic (three of them yesterday, as the demo's): the lab opens the dashboard, then the
 * statistics; sets an abnormal-upload threshold and sees exactly the rows below it turn red (and stay red after a
 * reload: the threshold is kept on the server); exports a CSV whose rows are the table's; a failed export says so.
 * With the compare flag (set by the server's page control), /caseCompare shows both sides. Both screens in German
 * must not be wider than a phone (at every width as routes: responsive.test.ts).
 */
type Texts = Record<string, Record<string, unknown>>;
const en = readLocale('en') as Texts;
const text = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce(
    (s, [name, value]) => s.replaceAll(`{{${name}}}`, String(value)),
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string,
  );
const SHOTS = '/tmp/shots-stats';
const EXPORT_HEADINGS = JSON.parse(
  readFileSync(new URL('../../server/src/modules/stats/export-texts/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF. */
function parseCsv(body: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) rows.push([...row, field]);
  return rows;
}

/** A call of the page's own session (the token in session storage). */
function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const answer = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return ((await answer.json()) as { data: T }).data;
    },
    { path, init },
  );
}

describe('statistics and comparison in Chromium', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  const tooWide: string[] = [];

  let p: ReturnType<typeof people>;
  const shot = (name: string) => journey.shot(`stats-${name}`);
  const checkWidth = async (what: string) => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) tooWide.push(`${what}: ${scrollWidth} > ${innerWidth}`);
  };
  /** The totals the table shows, in order (a red cell also holds its hint: its value is in data-value). */
  const shownTotals = () =>
    page
      .locator('[data-testid=stats-table] [data-testid=cell-total]')
      .evaluateAll((cells) => cells.map((c) => Number((c as HTMLElement).dataset.value)));
  const tableRows = () => page.locator('[data-testid=stats-table] tr.ant-table-row');
  const settle = async () => {
    await page.locator('[data-testid=stats-table] .ant-spin-spinning').first().waitFor({ state: 'detached' });
  };
  const openStatistics = async () => {
    await page.goto(`${base}/v5/statistical`);
    await statisticsShown();
  };
  const statisticsShown = async () => {
    await page.getByTestId('stats-page').waitFor();
    await tableRows().first().waitFor();
    await settle();
  };
  const openCompare = async () => {
    await page.goto(`${base}/v5/caseCompare?tab=stats`);
    await page.getByTestId('compare-page').waitFor();
    await page.locator('[data-testid=indicator-b-total]').waitFor();
    await page.getByTestId('compare-trend').locator('canvas').first().waitFor();
  };

  // A browser context of its own for each test (they run in any order).
  beforeEach(async () => {
    tooWide.length = 0;
    journey = await startJourney({ shotsDir: SHOTS });
    ({ page, base } = journey);
    p = people(journey.app);
  });
  afterEach(async () => {
    await journey?.close();
  });

  it(
    'a lab reads its statistics, sets a threshold, exports the table and compares',
    { timeout: 600_000 },
    async () => {
      const { clinic, lab } = await exchange(p, { prefix: 'Stats' });
      await openAs(page, base, lab.owner);
      // The dashboard: yesterday's uploads, then last month and restoration only (dashboard.test.ts checks
      // every figure against the API; here the journey of issue 11 in one go).
      expect(new URL(page.url()).pathname).toBe('/v5/home');
      const dashboardSettled = () =>
        page.locator('[data-testid=home-figures][data-fetching=false]').waitFor();
      // Yesterday's figure: the Today card's comparison with the day before.
      const dayValue = async () =>
        Number(await page.getByTestId('summary-day').getByTestId('compare-1').getAttribute('data-value'));
      await dashboardSettled();
      expect(await dayValue()).toBe(YESTERDAY_CASES);
      await page.getByTestId('filter-range').getByText(text('home.ranges.long.30')).click();
      await page.getByTestId('filter-case-type').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: text('caseType.restoration') })
        .first()
        .click();
      await page.getByTestId('filter-case-type').getByText(text('caseType.restoration')).waitFor();
      await dashboardSettled();
      // Yesterday's restoration cases only (the three are one of each type).
      expect(await dayValue()).toBe(1);
      const menuEntry = page.getByRole('menuitem', { name: text('routes.statistical') });
      await menuEntry.waitFor();
      // The server switches the comparison on for members of an organization: the compare flag, and its menu entry.
      await page.getByRole('menuitem', { name: text('routes.caseCompare') }).waitFor();
      await expect(page.evaluate(() => localStorage.getItem('compare'))).resolves.toBe('true');
      await menuEntry.click();
      await page.waitForURL(/\/v5\/statistical$/);
      await page.getByTestId('stats-page').waitFor();
      await tableRows().first().waitFor();
      await settle();

      // A lab sees clinics: the first column is "Clinic"; every row is the clinic's (the cases' sender).
      await page
        .locator('[data-testid=stats-table] th')
        .filter({ hasText: text('stats.columns.clinic') })
        .first()
        .waitFor();
      const all = await api<{ records: StatsRow[]; totalRecords: number }>(
        page,
        '/api/stats/table?pageIndex=1&pageSize=100',
      );
      expect(all.totalRecords).toBeGreaterThan(1);
      const shown = Math.min(all.totalRecords, 10);
      await expect(tableRows().count()).resolves.toBe(shown);
      for (const r of all.records) expect(r.clinic).toBe(clinic.name);
      // Yesterday's three cases are in the newest month (the default order: month, newest first).
      expect(all.records[0]!.total).toBeGreaterThanOrEqual(3);
      const totals = await page.locator('[data-testid=stats-table] [data-testid=cell-total]').allInnerTexts();
      expect(totals.map((s) => Number(s.replace(/\D/g, '')))).toEqual(
        all.records.slice(0, shown).map((r) => r.total),
      );
      // Nothing is red before a threshold is set.
      await expect(page.locator('[data-testid=stats-table] [data-alert=true]').count()).resolves.toBe(0);
      await shot('table-1440');

      // Sort by total, ascending, on the server.
      const sortedAnswer = page.waitForResponse(
        (r) =>
          r.url().includes('/api/stats/table?') &&
          r.url().includes('sort=total') &&
          r.url().includes('order=asc'),
      );
      await page
        .locator('[data-testid=stats-table] th')
        .filter({ hasText: text('stats.columns.total') })
        .first()
        .click();
      const ascending = ((await (await sortedAnswer).json()) as { data: { records: StatsRow[] } }).data
        .records;
      expect(ascending.map((r) => r.total)).toEqual(
        all.records
          .map((r) => r.total)
          .sort((x, y) => x - y)
          .slice(0, ascending.length),
      );
      // The table shows the server's order.
      await page.waitForFunction(
        (want) =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=stats-table] [data-testid=cell-total]')]
            .map((c) => c.dataset.value)
            .join() === want,
        ascending.map((r) => r.total).join(),
      );

      // The threshold: the largest total, so the other rows are below it and at least one is not.
      const distinct = [...new Set(all.records.map((r) => r.total))].sort((x, y) => x - y);
      expect(distinct.length).toBeGreaterThan(1);
      const threshold = distinct[distinct.length - 1]!;
      await page
        .getByRole('spinbutton', { name: text('stats.thresholds.abnormalLabel') })
        .fill(String(threshold));
      await page.getByTestId('threshold-save').click();
      await journey.toast(text('stats.thresholds.saved'));
      const expectAlerts = async () => {
        const cells = page.locator('[data-testid=stats-table] [data-testid=cell-total]');
        await page.locator('[data-testid=stats-table] [data-alert=true]').first().waitFor();
        const n = await cells.count();
        expect(n).toBeGreaterThan(0);
        for (let i = 0; i < n; i++) {
          const cell = cells.nth(i);
          const value = Number(
            (await cell.getAttribute('data-value')) ?? (await cell.innerText()).replace(/\D/g, ''),
          );
          const alert = (await cell.getAttribute('data-alert')) === 'true';
          expect(alert, `total ${value} vs ${threshold}`).toBe(value < threshold);
          // Not colour alone: the hint is in the cell's text for screen readers.
          if (alert) expect(await cell.innerText()).toContain(text('stats.alert.total', { threshold }));
        }
      };
      await expectAlerts();
      // Kept on the server for the person: still red after a reload.
      await openStatistics();
      await expect(
        page.getByRole('spinbutton', { name: text('stats.thresholds.abnormalLabel') }).inputValue(),
      ).resolves.toBe(String(threshold));
      await expectAlerts();
      await shot('threshold-1440');

      // Export CSV: its rows are the table's rows, in the table's order (month, newest first).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('stats-export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}\.csv$/);
      const body = readFileSync((await download.path())!, 'utf8');
      expect(body.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = parseCsv(body.slice(1));
      expect(header).toEqual(
        ['clinic', 'month', 'total', 'ortho', 'restoration', 'implant', 'difference'].map(
          (k) => EXPORT_HEADINGS[k],
        ),
      );
      expect(rows).toEqual(
        all.records.map((r) =>
          [r.clinic, r.month, r.total, r.ortho, r.restoration, r.implant, r.difference].map(String),
        ),
      );
      const tableTotals = await shownTotals();
      expect(rows.slice(0, tableTotals.length).map((r) => Number(r[2]))).toEqual(tableTotals);

      // A failed export says so and saves nothing.
      await page.route('**/api/stats/table/export**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }),
      );
      await page.getByTestId('stats-export-xlsx').click();
      await journey.toast(text('stats.export.failed'));
      await page.unroute('**/api/stats/table/export**');

      // The time zone: shown; the owner may change it after a warning (not changed here).
      const settings = await api<{ timeZone: string; canChangeTimeZone: boolean }>(
        page,
        '/api/stats/settings',
      );
      await expect(page.getByTestId('stats-time-zone-value').innerText()).resolves.toBe(settings.timeZone);
      // The lab's user owns it.
      expect(settings.canChangeTimeZone).toBe(true);
      await page.getByTestId('stats-time-zone-change').click();
      await page.getByText(text('stats.timeZone.warning')).waitFor();
      await shot('time-zone-1440');
      await page.getByRole('button', { name: text('common.cancel') }).click();
      // A refused zone is refused by the server.
      const refused = await page.evaluate(async () => {
        const answer = await fetch('/api/stats/timezone', {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ timeZone: 'Mars/Olympus_Mons' }),
        });
        return (await answer.json()) as { success: boolean };
      });
      expect(refused.success).toBe(false);

      // The comparison, behind the local compare flag.
      await page.evaluate(() => localStorage.setItem('compare', '1'));
      await page.goto(`${base}/v5/statistical`);
      await page.getByRole('menuitem', { name: text('routes.caseCompare') }).click();
      await page.waitForURL(/\/v5\/caseCompare$/);
      await openCompare();
      const checkSides = async () => {
        for (const side of ['a', 'b'] as const)
          await page.locator(`[data-testid=indicator-${side}-total]`).waitFor();
        const a = Number((await page.getByTestId('indicator-a-total').innerText()).replace(/\D/g, ''));
        const b = Number((await page.getByTestId('indicator-b-total').innerText()).replace(/\D/g, ''));
        return { a, b };
      };
      // Two periods: the last three months against the three before (as the server counts them).
      const periods = await checkSides();
      const recentTo = all.records[0]!.month;
      const recentFrom = (() => {
        const [y, m] = recentTo.split('-').map(Number) as [number, number];
        const d = new Date(Date.UTC(y, m - 3, 1));
        return d.toISOString().slice(0, 7);
      })();
      const recent = await api<CompareSide>(page, `/api/stats/compare?from=${recentFrom}&to=${recentTo}`);
      expect(periods.b).toBe(recent.indicators.total);
      expect(recent.indicators.total).toBeGreaterThan(0);
      await shot('compare-periods-1440');
      // Two organizations: the lab against its partner clinic (the cases exchanged with it).
      await page.getByTestId('compare-mode').getByText(text('stats.compare.modes.organizations')).click();
      await page.getByTestId('compare-side-b').getByText(clinic.name).waitFor();
      const orgs = await checkSides();
      expect(orgs.a).toBe(orgs.b);
      expect(orgs.a).toBeGreaterThan(0);
      await page.getByTestId('compare-devices').locator('canvas').first().waitFor();
      await shot('compare-organizations-1440');

      // The other skin.
      await page.evaluate(() => localStorage.setItem('theme-type', 'first-skin'));
      await openStatistics();
      await shot('table-first-skin-1440');
      await openCompare();
      await shot('compare-first-skin-1440');

      // The owner moves the organization to another time zone, after the warning: everything is recounted in it.
      await openStatistics();
      await page.getByTestId('stats-time-zone-change').click();
      await page.getByTestId('stats-time-zone-select').click();
      await page.keyboard.type('Asia/Tokyo');
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'Asia/Tokyo' })
        .first()
        .click();
      await page.getByRole('button', { name: text('stats.timeZone.confirm') }).click();
      await journey.toast(text('stats.timeZone.changed'));
      await page.getByTestId('stats-time-zone-value').getByText('Asia/Tokyo').waitFor();
      await expect(api<{ timeZone: string }>(page, '/api/stats/settings')).resolves.toMatchObject({
        timeZone: 'Asia/Tokyo',
      });
      await tableRows().first().waitFor();

      expect(journey.pageErrors).toEqual([]);
    },
  );

  it('a clinic reads labs; a new lab is told what to do first', { timeout: 300_000 }, async () => {
    // The clinic's rows are the lab it sends to: the first column is "Lab".
    const { clinic, lab } = await exchange(p, { prefix: 'Labs' });
    await openAs(page, base, clinic.owner, '/v5/statistical', { shell: false });
    await statisticsShown();
    await page
      .locator('[data-testid=stats-table] th')
      .filter({ hasText: text('stats.columns.lab') })
      .first()
      .waitFor();
    await expect(tableRows().first().innerText()).resolves.toContain(lab.name);
    await expect(
      page
        .locator('[data-testid=stats-table] th')
        .filter({ hasText: text('stats.columns.clinic') })
        .count(),
    ).resolves.toBe(0);

    // On a phone every row is a card showing all five figures with their labels (no column hidden off screen, no
    // sideways scroll), the order chosen above the cards.
    await page.setViewportSize(PHONE);
    await openStatistics();
    await page.screenshot({ path: `${SHOTS}/stats-table-en-390-view.png` });
    const card = page.getByTestId('stats-card').first();
    await card.waitFor();
    for (const key of ['total', 'ortho', 'restoration', 'implant', 'difference'])
      await expect(card.innerText()).resolves.toContain(text(`stats.columns.${key}`));
    await page.getByTestId('stats-sort').waitFor();
    await checkWidth('statistics en 390');
    // Above the cards, the listed rows as bars of the sorted figure (the total when sorted by month): the canvas is
    // drawn within the phone's width, and its description names every listed row with its total.
    const chart = page.getByTestId('stats-chart');
    const canvas = chart.locator('canvas').first();
    await canvas.waitFor();
    const drawn = await canvas.boundingBox();
    expect(
      drawn && drawn.width > 200 && drawn.height > 60 && drawn.x >= 0 && drawn.x + drawn.width <= 390,
    ).toBe(true);
    await expect(chart.innerText()).resolves.toContain(
      text('stats.chart.title', { metric: text('stats.columns.total') }),
    );
    const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    /** The chart's description names each card's row with its figure, in the cards' order. */
    const chartShowsCards = async (key: 'total' | 'ortho') => {
      const description =
        (await chart.locator('div[role=img][aria-label]').first().getAttribute('aria-label')) ?? '';
      const cards = await page.getByTestId('stats-card').evaluateAll(
        (all, key) =>
          all.map((c) => ({
            name: (c.querySelector('strong') as HTMLElement).innerText,
            value: (c.querySelector(`[data-testid=stats-card-${key}] dd`) as HTMLElement).innerText.trim(),
          })),
        key,
      );
      expect(cards.length).toBeGreaterThan(0);
      const pattern = cards.map((c) => `${literal(c.name)} · [^:;]+: ${literal(c.value)}`).join('; ');
      expect(description).toMatch(new RegExp(`: ${pattern}\\.$`));
    };
    await chartShowsCards('total');
    await page.screenshot({ path: `${SHOTS}/stats-chart-en-390.png` });
    // Sorted by another figure, the bars show that figure.
    await page.getByTestId('stats-sort').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `${text('stats.sortBy')}: ${text('stats.columns.ortho')} ↓` })
      .first()
      .click();
    await chart.getByText(text('stats.chart.title', { metric: text('stats.columns.ortho') })).waitFor();
    await settle();
    await chartShowsCards('ortho');
    // Wider, the chart stays above the table (within the window).
    for (const size of [TABLET, DESKTOP]) {
      await page.setViewportSize(size);
      await page.locator('[data-testid=stats-table] th').first().waitFor();
      await canvas.waitFor();
      await checkWidth(`statistics en ${size.width}`);
      await page.screenshot({ path: `${SHOTS}/stats-chart-en-${size.width}.png` });
    }

    // In German (longer words) on a phone: nothing wider than the window.
    await page.evaluate(() => localStorage.setItem('lang', 'de'));
    await page.setViewportSize(PHONE);
    await openStatistics();
    await checkWidth('statistics de 390');
    await shot('table-de-390');
    await openCompare();
    await checkWidth('compare de 390');
    await shot('compare-de-390');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.setViewportSize(DESKTOP);
    expect(tooWide).toEqual([]);

    // A table that does not load says so, and loads on a retry.
    await page.route('**/api/stats/table?**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    await page.goto(`${base}/v5/statistical`);
    await page.getByText(text('stats.loadFailed')).waitFor();
    await page.unroute('**/api/stats/table?**');
    await page.getByRole('button', { name: text('common.retry') }).click();
    await tableRows().first().waitFor();

    // A new lab has no cases: the empty table says so and leads to the devices; nothing to export.
    const empties = await p.lab('Empty Lab');
    await openAs(page, base, empties.owner, '/v5/statistical', { shell: false });
    const empty = page.getByTestId('stats-empty');
    await empty.waitFor();
    await expect(empty.innerText()).resolves.toContain(text('stats.empty.none'));
    await expect(page.getByTestId('stats-export-csv').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('stats-chart').count()).resolves.toBe(0);
    await shot('empty-1440');
    await empty.getByRole('button', { name: text('stats.empty.devices') }).click();
    await page.waitForURL(/\/v5\/device$/);
    expect(journey.pageErrors).toEqual([]);
  });
});
