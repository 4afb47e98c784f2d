import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de/common.json';
import en from '../../locales/en/common.json';
import ja from '../../locales/ja/common.json';
import ru from '../../locales/ru/common.json';
import zh from '../../locales/zh/common.json';
import {
  compareNames,
  formatBytes,
  formatDecimal,
  formatMm,
  formatNumber,
  formatPercent,
  formatUm,
  intlLocale,
} from './format.ts';
import { i18n, NAMESPACE } from './i18n.ts';

/** Intl's narrow and no-break spaces as plain spaces, so the expectations read as text. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    lowerCaseLng: true,
    defaultNS: NAMESPACE,
    resources: Object.fromEntries(
      Object.entries({ en, de, ru, zh, ja }).map(([code, texts]) => [code, { [NAMESPACE]: texts }]),
    ),
  });
});

describe('the number formatters in the interface language', () => {
  it('write numbers, decimals and percents as each language does', () => {
    const row = (lng: string) => [
      plain(formatNumber(1234567, lng)),
      plain(formatDecimal(1.5, 2, lng)),
      plain(formatDecimal(1.5, 2, lng, { upTo: true })),
      plain(formatPercent(0.125, 1, lng)),
    ];
    expect(row('en')).toEqual(['1,234,567', '1.50', '1.5', '12.5%']);
    expect(row('de')).toEqual(['1.234.567', '1,50', '1,5', '12,5 %']);
    expect(row('ru')).toEqual(['1 234 567', '1,50', '1,5', '12,5 %']);
    expect(row('zh')).toEqual(['1,234,567', '1.50', '1.5', '12.5%']);
    expect(row('ja')).toEqual(['1,234,567', '1.50', '1.5', '12.5%']);
  });

  it('write sizes with the language’s decimal separator and unit names', () => {
    const sizes = (lng: string) => [1_536_000, 999, 2_500_000_000].map((b) => plain(formatBytes(b, lng)));
    expect(sizes('en')).toEqual(['1.5 MB', '999 bytes', '2.5 GB']);
    expect(sizes('de')).toEqual(['1,5 MB', '999 Byte', '2,5 GB']);
    expect(sizes('ru')).toEqual(['1,5 МБ', '999 байт', '2,5 ГБ']);
    expect(sizes('zh')).toEqual(['1.5 MB', '999字节', '2.5 GB']);
    expect(sizes('ja')).toEqual(['1.5 MB', '999 バイト', '2.5 GB']);
    // 999.96 kB would round to "1,000 kB".
    expect(plain(formatBytes(999_960, 'en'))).toBe('1 MB');
    expect(plain(formatBytes(-5, 'en'))).toBe('0 bytes');
  });

  it('write millimetres and micrometres with the unit from the texts', () => {
    expect(formatMm(0.25, 2, 'en')).toBe('0.25\u00a0mm');
    expect(formatMm(0.25, 2, 'de')).toBe('0,25\u00a0mm');
    expect(formatMm(0.25, 2, 'ru')).toBe('0,25\u00a0мм');
    expect(formatMm(1.5, 2, 'zh', { upTo: true })).toBe('1.5\u00a0mm');
    expect(formatMm(0.25, 3, 'ja')).toBe('0.250\u00a0mm');
    expect(plain(formatUm(1234, 'de'))).toBe('1.234 µm');
    expect(formatUm(12, 'ru')).toBe('12\u00a0мкм');
  });

  it('follow the interface language when none is given', async () => {
    await i18n.changeLanguage('de');
    expect(plain(formatBytes(1_536_000))).toBe('1,5 MB');
    expect(formatMm(1.5, 1)).toBe('1,5\u00a0mm');
    await i18n.changeLanguage('ru');
    expect(formatMm(1.5, 1)).toBe('1,5\u00a0мм');
    await i18n.changeLanguage('en');
    expect(formatMm(1.5, 1)).toBe('1.5\u00a0mm');
  });

  it('give Intl the region the interface language means', () => {
    expect(['zh', 'zh-tw', 'no', 'pt', 'de', 'en-GB'].map((l) => intlLocale(l))).toEqual([
      'zh-CN',
      'zh-TW',
      'nb',
      'pt-BR',
      'de',
      'en-GB',
    ]);
  });
});

describe('names in the interface language’s order', () => {
  const names = ['Zahnlabor', 'apex', 'Ästhetik', 'Ørsta', 'Čapek', 'Zoë', 'Émile', 'Clinic 10', 'Clinic 9'];
  const sorted = (lng: string) => [...names].sort((a, b) => compareNames(a, b, lng));

  it('sorts accents with their letter in German, not after z as a code-point sort does', () => {
    expect([...names].sort()).toEqual([
      'Clinic 10',
      'Clinic 9',
      'Zahnlabor',
      'Zoë',
      'apex',
      'Ästhetik',
      'Émile',
      'Ørsta',
      'Čapek',
    ]);
    expect(sorted('de')).toEqual([
      'apex',
      'Ästhetik',
      'Čapek',
      'Clinic 9',
      'Clinic 10',
      'Émile',
      'Ørsta',
      'Zahnlabor',
      'Zoë',
    ]);
  });

  it('keeps each language’s own letters: Č after C in Czech, Ä and Ø at the end in Norwegian', () => {
    expect(sorted('cs')).toEqual([
      'apex',
      'Ästhetik',
      'Clinic 9',
      'Clinic 10',
      'Čapek',
      'Émile',
      'Ørsta',
      'Zahnlabor',
      'Zoë',
    ]);
    expect(sorted('no').slice(-2)).toEqual(['Ästhetik', 'Ørsta']);
  });
});
