import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PersonRef } from '../../server/src/testing/factories.ts';
import { BACKUP_RUN_LOCK, DELETE_FENCE_LOCK } from '../../server/src/platform/backup/backup.ts';
import { startJourney, type Journey } from './server.ts';
import { atWidths, frames, openAs, PHONE, settled, untranslatedOn } from './support/page.ts';
import { people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Backups in /manager (issue 30): the administrator sees where backups go, the schedule and how many are kept, and an
 * empty list that offers "Back up now"; starts a backup and watches it run (spinner, the button disabled with its
 * reason) and finish with a size, without reloading (the list polls while one runs); a failed backup tells why on
 * hover, on a click and on a tap; a refusal (a backup already running elsewhere) shows the catalogue's text. A person
 * who is not an administrator sees no tab and is refused by the API. Screens at 390, 768 and 1440 px.
 *
 * The backup is held running by taking, in a session of the journey's own, the lock a running backup takes before its
 * snapshot (platform/backup: DELETE_FENCE_LOCK, shared, as a file deletion does): released, the backup goes on.
 */
type Texts = Record<string, unknown>;
const en = readLocale('en') as Texts;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], en) as string;
const SHOTS = '/tmp/shots-backups';

describe('backups in /manager', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;
  let admin: PersonRef;
  /** This journey's backup directory (BACKUP_DIR): a server of its own, so the list starts empty. */
  const backupDir = mkdtempSync(path.join(tmpdir(), 'archway-e2e-backups-'));

  const tab = () => page.getByTestId('backups');
  const rows = () => page.getByTestId('backups-table').locator('tr.ant-table-row');

  /** A session of the journey's own on the server's database, holding an advisory lock until released. */
  async function holdLock(sql: string, key: number) {
    const client = new pg.Client({ connectionString: journey.app.platform.config.databaseUrl });
    await client.connect();
    await client.query(sql, [key]);
    return { release: () => client.end() };
  }

  beforeAll(async () => {
    journey = await startJourney({ shotsDir: SHOTS, env: { BACKUP_DIR: backupDir } });
    ({ page, base } = journey);
    p = people(journey.app);
    admin = await p.admin();
  });
  afterAll(async () => {
    await journey?.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('starts a backup from an empty list, shows it running, then done with a size, without reloading', async () => {
    // An empty list to start from, whatever the other tests of this file left.
    for (const entry of readdirSync(backupDir))
      rmSync(path.join(backupDir, entry), { recursive: true, force: true });
    await openAs(page, base, admin, '/v5/manager?tab=backups');
    await tab().waitFor();
    // Where backups go, the schedule and how many are kept.
    await page.getByTestId('backups-directory').getByText(backupDir).waitFor();
    const list = (await (await fetch(`${base}/api2/admin/backups`, { headers: admin.headers })).json()) as {
      data: { schedule: string | null; keep: number };
    };
    const schedule = list.data.schedule
      ? text('backups.scheduleAt').replace('{{time}}', list.data.schedule)
      : text('backups.scheduleOff');
    expect(await page.getByTestId('backups-schedule').textContent()).toContain(schedule);
    expect(await page.getByTestId('backups-keep').textContent()).toContain(String(list.data.keep));
    // Nothing yet: the list says so and offers to back up now.
    const empty = page.getByTestId('backups-empty');
    await empty.getByText(text('backups.empty')).waitFor();
    // Offered once, in the empty list's place.
    expect(await page.locator('[data-testid^=backups-start]').count()).toBe(1);
    await atWidths(page, SHOTS, 'backups-empty').then((tooWide) => expect(tooWide).toEqual([]));
    expect(await untranslatedOn(page)).toEqual([]);

    // The list's reads from here on (the page polls while a backup runs, and only then).
    let listReads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api2/admin/backups') listReads += 1;
    });
    // The page is never reloaded from here on: this mark would be gone.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    const fence = await holdLock('select pg_advisory_lock_shared($1)', DELETE_FENCE_LOCK);
    try {
      await empty.getByTestId('backups-start-empty').click();
      await journey.toast(text('backups.startedToast'));
      // Running: a spinner in its state, the button disabled with its reason in words (not only on hover).
      const running = rows().filter({ has: page.locator('[data-state=running]') });
      await running.first().waitFor();
      expect(await running.count()).toBe(1);
      await running.locator('[data-state=running] .anticon-spin').waitFor();
      expect(await page.getByTestId('backups-start').isDisabled()).toBe(true);
      await page.getByTestId('backups-running-note').getByText(text('backups.runningNote')).waitFor();
      expect(await tab().getAttribute('data-running')).toBe('true');
      expect(await running.textContent()).toContain(text('backups.triggers.console'));
      const tooWide = await atWidths(page, SHOTS, 'backups-running', async () => {
        await page.locator('[data-state=running]').first().waitFor();
      });
      expect(tooWide).toEqual([]);
      expect(await untranslatedOn(page)).toEqual([]);
    } finally {
      await fence.release();
    }

    // Released, the backup finishes: the list, read again by itself, shows it done with a size.
    const done = rows().filter({ has: page.locator('[data-state=done]') });
    await done
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (e: unknown) => {
        // Say what the server lists, to tell a page that stopped reading from a backup that never finished.
        const listed = await (await fetch(`${base}/api2/admin/backups`, { headers: admin.headers })).text();
        throw new Error(`no done backup on the page; the server lists ${listed}`, { cause: e });
      });
    const doneToast = text('backups.doneToast').split('{{')[0]!;
    await journey.toast(doneToast);
    const readsWhenDone = listReads;
    expect(readsWhenDone, 'read again by itself while it ran').toBeGreaterThan(1);
    const size = await done.first().getByTestId('backup-size').textContent();
    expect(size).toMatch(/^\d[\d.,]*\s?(bytes|kB|MB|GB)$/u);
    expect(await done.first().textContent()).toMatch(/\d[\d,]* rows? · \d[\d,]* files?/);
    expect(await page.getByTestId('backups-start').isEnabled()).toBe(true);
    expect(await page.getByTestId('backups-running-note').count()).toBe(0);
    expect(await tab().getAttribute('data-running')).toBe('false');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    // Nothing runs any more: no read while the done toast stays (3 s, two polling intervals).
    await page.locator('.ant-message-notice', { hasText: doneToast }).waitFor({ state: 'detached' });
    expect(listReads, 'no polling once none runs').toBe(readsWhenDone);
    expect(journey.pageErrors).toEqual([]);
  });

  it('tells why a backup failed on hover, on a click and on a tap', async () => {
    // A failed backup as the backup code leaves one (platform/backup/manifest.ts): its start record and its error.
    const name = 'archway-backup-20200102T030000Z';
    const reason = 'disk full while copying files/cases/x.ply (ENOSPC)';
    const failed = path.join(backupDir, `${name}.failed`);
    mkdirSync(failed, { recursive: true });
    writeFileSync(
      path.join(failed, 'backup.json'),
      JSON.stringify({
        trigger: 'schedule',
        startedAt: '2020-01-02T03:00:00.000Z',
        pid: 1,
        host: hostname(),
      }),
    );
    writeFileSync(path.join(failed, 'error.txt'), reason);

    await openAs(page, base, admin, '/v5/manager?tab=backups');
    const row = rows().filter({ has: page.locator('[data-state=failed]') });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(text('backups.triggers.schedule'));
    const tag = row.locator('[data-state=failed]');
    const error = page.getByTestId('backup-error');
    // Hover shows the reason; moving away hides it.
    await tag.hover();
    await error.getByText(reason).waitFor();
    await page.mouse.move(0, 0);
    await error.waitFor({ state: 'hidden' });
    // A click shows it, also right after a hover (it does not toggle it away); a click elsewhere hides it.
    await tag.hover();
    await error.getByText(reason).waitFor();
    await tag.click();
    await frames(page);
    expect(await error.isVisible(), 'shown after hover and click').toBe(true);
    await page.mouse.click(2, 600);
    await error.waitFor({ state: 'hidden' });
    // From the keyboard: Enter on the focused tag.
    await tag.focus();
    await page.keyboard.press('Enter');
    await error.getByText(reason).waitFor();
    await page.keyboard.press('Enter');
    await error.waitFor({ state: 'hidden' });
    await settled(page);
    const tooWide = await atWidths(page, SHOTS, 'backups-list');
    expect(tooWide).toEqual([]);

    // On a touch phone (cards), a tap shows it.
    const phone = await journey.browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    try {
      const tapPage = await phone.newPage();
      await openAs(tapPage, base, admin, '/v5/manager?tab=backups');
      const card = tapPage.getByTestId('table-card').filter({ has: tapPage.locator('[data-state=failed]') });
      await card.first().waitFor();
      await card.first().locator('[data-state=failed]').tap();
      await tapPage.getByTestId('backup-error').getByText(reason).waitFor();
      await tapPage.screenshot({ path: `${SHOTS}/backups-failed-tap-390.png` });
    } finally {
      await phone.close();
    }
    expect(journey.pageErrors).toEqual([]);
  });

  it('shows the catalogue’s text when a backup is refused (one already running elsewhere)', async () => {
    await openAs(page, base, admin, '/v5/manager?tab=backups');
    // The toolbar's button, or the empty list's (when this test runs first).
    const start = page.locator('[data-testid^=backups-start]');
    await expect.poll(() => start.isEnabled()).toBe(true);
    // `npm run backup` running against the same database holds the run lock.
    const other = await holdLock('select pg_advisory_lock($1)', BACKUP_RUN_LOCK);
    try {
      await start.click();
      await journey.toast(text('errors.backup.running'));
    } finally {
      await other.release();
    }
    expect(journey.pageErrors).toEqual([]);
  });

  it('is not there for a person who is not an administrator', async () => {
    const clinic = await p.clinic('Backups Clinic');
    await openAs(page, base, clinic.owner, '/v5/manager?tab=backups');
    await page.getByTestId('manager-forbidden').waitFor();
    expect(await page.getByTestId('tab-backups').count()).toBe(0);
    expect(await tab().count()).toBe(0);
    // And the calls refuse them.
    for (const method of ['GET', 'POST'] as const) {
      const answer = await fetch(`${base}/api2/admin/backups`, {
        method,
        headers: { ...clinic.owner.headers, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      const body = (await answer.json()) as { success: boolean };
      expect(body.success, `${method} refused`).toBe(false);
    }
    expect(journey.pageErrors).toEqual([]);
  });
});
