import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { mailOutbox } from '../../server/src/platform/mail/mail.schema.ts';
import { users } from '../../server/src/modules/account/users.schema.ts';
import { createCase } from '../../server/src/modules/cases/cases.service.ts';
import { sampleArchPly } from '../../server/src/modules/cases/sample-scan.ts';
import { queuePreview } from '../../server/src/modules/scans/scans.jobs.ts';
import { actorFor } from '../../server/src/modules/users/users.service.ts';
import type { DeviceRef, OrgRef } from '../../server/src/testing/factories.ts';
import { startJourney, type Journey } from './server.ts';
import { openAs } from './support/page.ts';
import { people, type People } from './support/people.ts';
import { readLocale } from '../src/locales/read-locale.ts';

/**
 * Mail in the person's own language (issue 34): a lab's owner, signed in, switches the interface to German in the
 * settings drawer, then to Japanese. After each switch a case arrives for the lab, another lab lends it a device, and
 * the owner asks for a password reset: each of the three mails is in the interface language (its subject the
 * language's own text) and carries its date in that language's format, in the browser's time zone, never as an ISO
 * day. The mails are read from the outbox (the journeys' server keeps mail there).
 */
type Texts = Record<string, Record<string, unknown>>;
const TIME_ZONE = 'Europe/Berlin';
const serverTexts = (set: string, lang: string) =>
  JSON.parse(
    readFileSync(new URL(`../../server/src/modules/${set}/${lang}.json`, import.meta.url), 'utf8'),
  ) as Record<string, Record<string, string> | string>;
/** The words of a template around its placeholders: what every mail filled from it contains. */
const fixedParts = (template: string) =>
  template
    .split(/\{\{\w+\}\}/)
    .map((part) => part.trim())
    .filter(Boolean);
const filledFrom = (text: string, template: string) =>
  fixedParts(template).every((part) => text.includes(part));

/** A long date of the language: "2. Dezember 2026", "2026年12月2日" (any day: the month's name in the language). */
const dateOf: Record<'de' | 'ja', RegExp> = {
  de: new RegExp(
    `\\d{1,2}\\. (${Array.from({ length: 12 }, (_, m) =>
      new Intl.DateTimeFormat('de', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)),
    ).join('|')}) \\d{4}`,
  ),
  ja: /\d{4}年\d{1,2}月\d{1,2}日/,
};

describe('mail in the interface language', () => {
  let journey: Journey;
  let page: Page;
  let base = '';
  let p: People;

  beforeAll(async () => {
    journey = await startJourney();
    ({ base } = journey);
    p = people(journey.app);
    // The browser's own time zone is what the web app tells the server.
    const context = await journey.browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: TIME_ZONE,
      reducedMotion: 'reduce',
    });
    page = await context.newPage();
  });
  afterAll(async () => {
    await journey?.close();
  });

  const db = () => journey.app.platform.db;

  /** Opens the settings drawer's language section (named in the current language) and picks `nativeName`. */
  async function switchLanguage(from: string, to: string, nativeName: string) {
    const said = (readLocale(from) as Texts).settings!.language as string;
    await page.getByTestId('open-settings').click();
    await page.locator('.settings-drawer').getByText(said, { exact: true }).click();
    await page.getByTestId('language-list').getByRole('button', { name: nativeName }).click();
    // The page reloads in the new language: what the person sees.
    await page.locator(`html[lang="${to}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('menu-toggle').waitFor();
  }

  /** A case the clinic's scanner sends to the lab, routed and told as an upload is. */
  async function sendCase(clinic: OrgRef, device: DeviceRef) {
    const key = `cases/${randomUUID()}`;
    const stored = await journey.app.platform.storage.put(key, sampleArchPly({ seed: 34 }));
    const actor = await actorFor(db(), clinic.owner.userId, clinic.owner.custId);
    await createCase(
      db(),
      actor!,
      {},
      {
        deviceSerial: device.serial,
        order: { caseType: 3, patientName: `Mail Patient ${randomUUID().slice(0, 6)}` },
        files: [{ key, name: 'upper.ply', size: stored.size, sha256: stored.sha256, format: 'ply' }],
        crypto: false,
      },
      journey.app.platform,
      queuePreview,
    );
  }

  /** The mails to `email` queued after `since`, once `n` have been. */
  async function mailsSince(email: string, since: Date, n: number) {
    const read = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), gt(mailOutbox.createdAt, since)))
        .orderBy(desc(mailOutbox.createdAt));
    await expect.poll(async () => (await read()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    return read();
  }

  it(
    'sends the new case, device and password mails in German, then Japanese',
    { timeout: 180_000 },
    async () => {
      const lab = await p.lab('Mail Lab');
      const clinic = await p.clinic('Mail Clinic');
      const scanner = await p.sendsTo(clinic, lab, { name: 'Mail scanner' });
      const lender = await p.lab('Lender Lab');
      const email = `${lab.owner.username}@factory.test`;
      await openAs(page, base, lab.owner);

      for (const [from, lang, nativeName] of [
        ['en', 'de', 'Deutsch'],
        ['de', 'ja', '日本語'],
      ] as const) {
        await switchLanguage(from, lang, nativeName);
        const [row] = await db()
          .select({ language: users.language, timeZone: users.timeZone })
          .from(users)
          .where(eq(users.id, lab.owner.userId));
        expect(row).toEqual({ language: lang, timeZone: TIME_ZONE });

        const since = new Date(Date.now() - 1000);
        await sendCase(clinic, scanner);
        const device = await p.device(lender, { name: `Loan ${lang}` });
        const lent = await lender.owner.call('POST', '/api2/device/scan/auth', {
          number: device.serial,
          secret: '123456',
          custIds: [lab.custId],
          expireTime: '1m',
        });
        expect(lent.body.success).toBe(true);
        const asked = await journey.app.inject({
          method: 'POST',
          url: '/user/password/forgot',
          payload: { email },
        });
        expect(asked.json().success).toBe(true);

        const mails = await mailsSince(email, since, 3);
        const notices = serverTexts('notices/mail', lang);
        const account = serverTexts('account/mail', lang);
        const subjects = [
          notices.newCaseSubject as string,
          notices.deviceLentSubject as string,
          (account.resetPassword as Record<string, string>).subject!,
        ];
        for (const subject of subjects) {
          const mail = mails.find((m) => filledFrom(m.subject!, subject));
          expect(mail, `a mail "${subject}" in ${lang}`).toBeDefined();
          expect(mail!.html).toContain(`lang="${lang}"`);
          expect(mail!.text).toMatch(dateOf[lang]);
          expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        }
        // The new case's mail names the sending clinic and when, with the time in the browser's zone.
        const newCase = mails.find((m) => filledFrom(m.subject!, notices.newCaseSubject as string))!;
        expect(newCase.subject).toContain(clinic.name);
        expect(filledFrom(newCase.text!, notices.newCaseSent as string)).toBe(true);
      }
      expect(journey.pageErrors).toEqual([]);
    },
  );
});
