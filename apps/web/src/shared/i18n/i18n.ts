import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@archway/contract';
import type { Locale } from 'antd/es/locale';
import en from '../../locales/en/common.json';
import { languageDef } from './languages.ts';

dayjs.extend(localizedFormat);

type Texts = Record<string, unknown>;

const bundles = import.meta.glob<Texts>('../../locales/*/common.json', { import: 'default' });

export const NAMESPACE = 'common';

/** The one i18next instance of the app. */
export const i18n = i18next.createInstance();

async function loadTexts(code: Language): Promise<Texts> {
  if (code === 'en') return en;
  const load = bundles[`../../locales/${code}/common.json`];
  return load ? load() : en;
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
  await i18n.use(initReactI18next).init({
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
  });
  dayjs.locale(def.dayjs);
  document.documentElement.lang = def.htmlLang;
  return antd.default;
}

/** Text for a key, or `fallback` when no locale has it (used by the request layer's toasts). */
export function translateOr(key: string, fallback: string): string {
  return i18n.isInitialized && i18n.exists(key) ? i18n.t(key) : fallback;
}

/** Texts from the cloud call override the built-in ones (deep, overwrite). */
export function overrideTexts(code: Language, texts: Texts): void {
  i18n.addResourceBundle(code, NAMESPACE, texts, true, true);
}
