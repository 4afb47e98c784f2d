import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Languages, PERMANENT_DATE, type Language } from '@archway/contract';
import { fill, formatDate, plural } from '../../platform/mail/templates.ts';
import { accountMail, phoneCodeText } from './account-mail.ts';
import { noticeMail, type NoticeMailKind } from '../notices/notify-mail.ts';
import { invitationMail } from '../members/members-mail.ts';
import { certificationMail } from '../orgs/orgs-mail.ts';
import { cooperationMail, type CooperationEvent } from '../partners/cooperation-mail.ts';

/**
 * The server's texts (mail, text messages, exports) tested as the web's are (apps/web/src/locales/locales.test.ts):
 * every set has every language, the same keys (plural-aware), the same placeholders, no empty text; and every
 * sender renders in every language with no placeholder left unfilled.
 */
type Tree = { [key: string]: string | Tree };
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every folder under modules/ holding `<language>.json` texts (account/mail, stats/export-texts …). */
const textSets = readdirSync(modules, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name === 'en.json')
  .map((e) => path.relative(modules, e.parentPath))
  .sort();

const load = (set: string, lang: string) =>
  JSON.parse(readFileSync(path.join(modules, set, `${lang}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, full).forEach((v, k) => out.set(k, v));
    else out.set(full, value);
  }
  return out;
}
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, '_#');
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('server texts', () => {
  it('finds the six sets', () => {
    expect(textSets).toEqual([
      'account/mail',
      'members/invitation-mail',
      'notices/mail',
      'orgs/mail',
      'partners/cooperation-mail',
      'stats/export-texts',
    ]);
  });

  describe.each(textSets)('%s', (set) => {
    const en = flatten(load(set, 'en'));
    const enKeys = new Set([...en.keys()].map(pluralBase));
    const enText = (key: string) => en.get(key) ?? en.get(key.replace(PLURAL, '_other'));

    it('has one file per language, and nothing else', () => {
      const files = readdirSync(path.join(modules, set)).filter((n) => n.endsWith('.json'));
      expect(files.sort()).toEqual(Languages.map((l) => `${l}.json`).sort());
    });

    it.each([...Languages])('%s has the keys of en, the forms of its plurals, no empty text', (lang) => {
      const texts = flatten(load(set, lang));
      const keys = new Set([...texts.keys()].map(pluralBase));
      expect({
        missing: [...enKeys].filter((k) => !keys.has(k)),
        extra: [...keys].filter((k) => !enKeys.has(k)),
      }).toEqual({ missing: [], extra: [] });
      const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      const byBase = new Map<string, string[]>();
      for (const key of texts.keys()) {
        const form = PLURAL.exec(key)?.[1];
        if (form) byBase.set(pluralBase(key), [...(byBase.get(pluralBase(key)) ?? []), form]);
      }
      expect(
        [...byBase].filter(([, has]) => has.sort().join() !== forms.join()).map(([base]) => base),
      ).toEqual([]);
      expect([...texts].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual(
        [],
      );
      expect(
        [...texts]
          .filter(([k, v]) => placeholders(v).join() !== placeholders(enText(k)).join())
          .map(([k]) => k),
      ).toEqual([]);
    });
  });
});

describe('fill', () => {
  it('fills every placeholder', () => {
    expect(fill('{{a}} and {{b}}', { a: '1', b: '2' })).toBe('1 and 2');
  });

  it('refuses a placeholder it was not given, never blanking it', () => {
    expect(() => fill('Hello {{username}}, until {{date}}', { username: 'x' })).toThrow(/\{\{date\}\}/);
  });
});

describe('plural and dates', () => {
  const texts = (lang: Language) => load('account/mail', lang).confirmEmail as Tree;
  const expires = (lang: Language, n: number) =>
    fill(plural(texts(lang), 'expires', lang, n), { hours: String(n) });

  it('writes each language its own plural form', () => {
    expect(expires('en', 1)).toContain('1 hour.');
    expect(expires('en', 48)).toContain('48 hours');
    expect(expires('de', 1)).toContain('1 Stunde ');
    expect(expires('ru', 1)).toContain('1 час.');
    expect(expires('ru', 2)).toContain('2 часа');
    expect(expires('ru', 5)).toContain('5 часов');
    expect(expires('cs', 2)).toContain('2 hodiny');
    expect(expires('cs', 48)).toContain('48 hodin');
    expect(expires('ja', 1)).toContain('1 時間');
  });

  it('refuses a plural text that is not there', () => {
    expect(() => plural({ other: 'x' }, 'expires', 'en', 1)).toThrow(/expires_one/);
  });

  it("writes a moment in the reader's format and time zone, UTC when the zone is unknown", () => {
    const at = new Date('2026-12-02T17:10:00Z');
    expect(formatDate(at, 'de', 'Europe/Berlin')).toBe('2. Dezember 2026 um 18:10 MEZ');
    expect(formatDate(at, 'ja', 'Asia/Tokyo')).toBe('2026年12月3日 2:10 JST');
    expect(formatDate(at, 'en', null)).toBe('December 2, 2026 at 5:10 PM UTC');
    expect(formatDate(at, 'en', 'Not/AZone')).toBe('December 2, 2026 at 5:10 PM UTC');
    expect(formatDate(at, 'pt', 'America/Sao_Paulo', false)).toBe('2 de dezembro de 2026');
  });
});

describe.each([...Languages])('every mail renders in %s with every placeholder given', (lang) => {
  const reader = { language: lang, timeZone: 'Europe/Berlin' };
  const unfilled = (m: { subject: string; text: string; html?: string }) =>
    [m.subject, m.text, m.html ?? ''].filter((s) => /\{\{|\}\}/.test(s));
  const expiresAt = new Date('2026-12-02T17:10:00Z');

  it('account mails and the phone code', () => {
    for (const kind of ['confirmEmail', 'resetPassword', 'changeEmail', 'forcedReset'] as const)
      for (const hours of [1, 2, 48]) {
        const m = accountMail(kind, reader, 'a@x.test', {
          username: 'ana',
          email: 'a@x.test',
          link: 'https://x.test/l',
          hours,
          expiresAt,
        });
        expect(unfilled(m)).toEqual([]);
        expect(m.subject.trim()).not.toBe('');
        expect(m.text).toContain(formatDate(expiresAt, lang, 'Europe/Berlin'));
      }
    for (const minutes of [1, 3, 10]) expect(phoneCodeText(reader, '123456', minutes)).not.toMatch(/\{\{/);
  });

  it('notification mails', () => {
    const kinds: NoticeMailKind[] = [
      'newCase',
      'deviceBound',
      'deviceLent',
      'deviceTransferred',
      'deviceRecalled',
      'deviceExpiring',
    ];
    for (const kind of kinds) {
      const m = noticeMail(
        kind,
        reader,
        'a@x.test',
        {
          username: 'ana',
          from: 'Lab A',
          to: 'Clinic B',
          device: 'S1 (SN1)',
          date: expiresAt,
          at: expiresAt,
        },
        { publicUrl: 'https://x.test', open: 'https://x.test/o' },
      );
      expect(unfilled(m)).toEqual([]);
    }
    const newCase = noticeMail(
      'newCase',
      reader,
      'a@x.test',
      { username: 'ana', from: 'Lab A', to: 'Clinic B', at: expiresAt },
      { publicUrl: 'https://x.test', open: 'https://x.test/o' },
    );
    expect(newCase.text).toContain(formatDate(expiresAt, lang, 'Europe/Berlin'));
    // A permanent authorization (stored as 9999-12-31) is said to have no end, never dated in the year 9999.
    const vars = { username: 'ana', from: 'Lab A', to: 'Clinic B', device: 'S1 (SN1)' };
    const links = { publicUrl: 'https://x.test', open: 'https://x.test/o' };
    const permanent = noticeMail('deviceLent', reader, 'a@x.test', { ...vars, date: PERMANENT_DATE }, links);
    const dated = noticeMail('deviceLent', reader, 'a@x.test', { ...vars, date: expiresAt }, links);
    expect(permanent.text).not.toContain('9999');
    expect(unfilled(permanent)).toEqual([]);
    expect(permanent.text).not.toBe(dated.text);
    expect(dated.text).toContain(formatDate(expiresAt, lang, 'Europe/Berlin', false));
  });

  it('invitation, certification and cooperation mails', () => {
    for (const days of [1, 7])
      expect(
        unfilled(
          invitationMail(reader, 'a@x.test', {
            inviter: 'ana',
            custName: 'Lab A',
            role: 'member',
            link: 'https://x.test/l',
            days,
          }),
        ),
      ).toEqual([]);
    for (const outcome of ['verified', 'refused'] as const)
      expect(
        unfilled(
          certificationMail(outcome, lang, 'a@x.test', {
            username: 'ana',
            org: 'Lab A',
            reason: 'unclear',
            link: 'https://x.test/l',
          }),
        ),
      ).toEqual([]);
    for (const event of ['applied', 'accepted', 'refused', 'ended'] as CooperationEvent[])
      expect(
        unfilled(
          cooperationMail(event, lang, 'a@x.test', {
            username: 'ana',
            org: 'Lab A',
            self: 'Clinic B',
            link: 'https://x.test/l',
          }),
        ),
      ).toEqual([]);
  });
});
