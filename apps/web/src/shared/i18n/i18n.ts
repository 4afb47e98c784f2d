import i18next, { type i18n as I18n, type InitOptions, type Resource, type ResourceLanguage } from 'i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@archway/contract';
import type { Locale } from 'antd/es/locale';
import { mergeTexts, type Texts } from '../../locales/merge-texts.ts';
import { isLanguage, languageDef } from './languages.ts';

dayjs.extend(localizedFormat);

/** Each language's texts are split by feature: `locales/<lang>/*.json`, merged (a key lives in one file only). */
const bundles = import.meta.glob<Texts>(['../../locales/*/*.json', '!../../locales/en/*.json'], {
  import: 'default',
});
const enFiles = import.meta.glob<Texts>('../../locales/en/*.json', { import: 'default', eager: true });

const merge = (files: [string, Texts][]) =>
  files
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce<Texts>((all, [name, texts]) => mergeTexts(all, texts, name), {});

const en = merge(Object.entries(enFiles));

export const NAMESPACE = 'common';

/** The one i18next instance of the app. */
export const i18n = i18next.createInstance();

async function loadTexts(code: Language): Promise<Texts> {
  if (code === 'en') return en;
  const prefix = `../../locales/${code}/`;
  const files = Object.entries(bundles).filter(([name]) => name.startsWith(prefix));
  if (files.length === 0) return en;
  return merge(await Promise.all(files.map(async ([name, load]) => [name, await load()] as [string, Texts])));
}

/**
 * Loads the language's texts, its dayjs locale and its Ant Design locale, sets `<html lang>`,
 * and answers the Ant Design locale for the ConfigProvider.
 */
export async function initI18n(code: Language): Promise<Locale> {
  const def = languageDef(code);
  const [texts, antd] = await Promise.all([loadTexts(code), def.antd(), def.loadDayjs()]);
  const resources: Resource = { en: { [NAMESPACE]: en as ResourceLanguage } };
  resources[code] = { [NAMESPACE]: texts as ResourceLanguage };
  await i18n.use(initReactI18next).init(i18nOptions(code, resources));
  addNumberFormat(i18n);
  dayjs.locale(def.dayjs);
  document.documentElement.lang = def.htmlLang;
  return antd.default;
}

/** The app's i18next options (also used by the plural tests, with the same texts). */
export function i18nOptions(code: Language, resources: Resource): InitOptions {
  return {
    lng: code,
    fallbackLng: 'en',
    lowerCaseLng: true,
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    // Re-render when the cloud texts arrive.
    react: { useSuspense: false, bindI18nStore: 'added' },
  };
}

/**
 * `{{count, number}}` in a text (every plural text shows its count so) is written as the interface language writes
 * numbers: Intl gets the language's tag (zh-TW, nb, pt-BR), as shared/i18n/format.ts does for the rest of the app.
 * The plural form itself is chosen by i18next from `count` with Intl.PluralRules of the language code (zh-tw, no,
 * pt: the same rules as zh-TW, nb, pt-BR; locales/plurals.test.ts checks it).
 */
export function addNumberFormat(instance: I18n): void {
  instance.services.formatter?.addCached('number', (lng, options) => {
    const format = new Intl.NumberFormat(isLanguage(lng) ? languageDef(lng).htmlLang : lng, options);
    return (value) => format.format(value);
  });
}

/** Text for a key, or `fallback` when no locale has it (used by the request layer's toasts). */
export function translateOr(key: string, fallback: string): string {
  return i18n.isInitialized && i18n.exists(key) ? i18n.t(key) : fallback;
}

/** Texts from the cloud call override the built-in ones (deep, overwrite). */
export function overrideTexts(code: Language, texts: Texts): void {
  i18n.addResourceBundle(code, NAMESPACE, texts, true, true);
}
