import type { Locale } from 'antd/es/locale';
import { Languages, type Language } from '@archway/contract';

/**
 * The 15 interface languages (product §1), each with its own name (shown as is in every
 * language), the `<html lang>` value, its Ant Design locale and its dayjs locale.
 */
export interface LanguageDef {
  code: Language;
  nativeName: string;
  htmlLang: string;
  dayjs: string;
  antd: () => Promise<{ default: Locale }>;
  loadDayjs: () => Promise<unknown>;
}

export const languageDefs: readonly LanguageDef[] = [
  {
    code: 'zh',
    nativeName: '简体中文',
    htmlLang: 'zh-CN',
    dayjs: 'zh-cn',
    antd: () => import('antd/es/locale/zh_CN'),
    loadDayjs: () => import('dayjs/locale/zh-cn'),
  },
  {
    code: 'zh-tw',
    nativeName: '繁體中文',
    htmlLang: 'zh-TW',
    dayjs: 'zh-tw',
    antd: () => import('antd/es/locale/zh_TW'),
    loadDayjs: () => import('dayjs/locale/zh-tw'),
  },
  {
    code: 'en',
    nativeName: 'English',
    htmlLang: 'en',
    dayjs: 'en',
    antd: () => import('antd/es/locale/en_US'),
    loadDayjs: async () => undefined,
  },
  {
    code: 'de',
    nativeName: 'Deutsch',
    htmlLang: 'de',
    dayjs: 'de',
    antd: () => import('antd/es/locale/de_DE'),
    loadDayjs: () => import('dayjs/locale/de'),
  },
  {
    code: 'fr',
    nativeName: 'Français',
    htmlLang: 'fr',
    dayjs: 'fr',
    antd: () => import('antd/es/locale/fr_FR'),
    loadDayjs: () => import('dayjs/locale/fr'),
  },
  {
    code: 'ja',
    nativeName: '日本語',
    htmlLang: 'ja',
    dayjs: 'ja',
    antd: () => import('antd/es/locale/ja_JP'),
    loadDayjs: () => import('dayjs/locale/ja'),
  },
  {
    code: 'it',
    nativeName: 'Italiano',
    htmlLang: 'it',
    dayjs: 'it',
    antd: () => import('antd/es/locale/it_IT'),
    loadDayjs: () => import('dayjs/locale/it'),
  },
  {
    code: 'es',
    nativeName: 'Español',
    htmlLang: 'es',
    dayjs: 'es',
    antd: () => import('antd/es/locale/es_ES'),
    loadDayjs: () => import('dayjs/locale/es'),
  },
  {
    code: 'pt',
    // Brazilian Portuguese throughout (locales/README.md).
    nativeName: 'Português (Brasil)',
    htmlLang: 'pt-BR',
    dayjs: 'pt-br',
    antd: () => import('antd/es/locale/pt_BR'),
    loadDayjs: () => import('dayjs/locale/pt-br'),
  },
  {
    code: 'no',
    nativeName: 'Norsk bokmål',
    htmlLang: 'nb',
    dayjs: 'nb',
    antd: () => import('antd/es/locale/nb_NO'),
    loadDayjs: () => import('dayjs/locale/nb'),
  },
  {
    code: 'ru',
    nativeName: 'Русский',
    htmlLang: 'ru',
    dayjs: 'ru',
    antd: () => import('antd/es/locale/ru_RU'),
    loadDayjs: () => import('dayjs/locale/ru'),
  },
  {
    code: 'ko',
    nativeName: '한국어',
    htmlLang: 'ko',
    dayjs: 'ko',
    antd: () => import('antd/es/locale/ko_KR'),
    loadDayjs: () => import('dayjs/locale/ko'),
  },
  {
    code: 'vi',
    nativeName: 'Tiếng Việt',
    htmlLang: 'vi',
    dayjs: 'vi',
    antd: () => import('antd/es/locale/vi_VN'),
    loadDayjs: () => import('dayjs/locale/vi'),
  },
  {
    code: 'tr',
    nativeName: 'Türkçe',
    htmlLang: 'tr',
    dayjs: 'tr',
    antd: () => import('antd/es/locale/tr_TR'),
    loadDayjs: () => import('dayjs/locale/tr'),
  },
  {
    code: 'cs',
    nativeName: 'Čeština',
    htmlLang: 'cs',
    dayjs: 'cs',
    antd: () => import('antd/es/locale/cs_CZ'),
    loadDayjs: () => import('dayjs/locale/cs'),
  },
];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}

export function languageDef(code: Language): LanguageDef {
  return languageDefs.find((def) => def.code === code) ?? (languageDefs[2] as LanguageDef);
}

/** Default when nothing is stored: zh when the address contains "cn", otherwise en (product §9). */
export function defaultLanguage(host: string): Language {
  return host.includes('cn') ? 'zh' : 'en';
}

/** Only zh and en are ever sent to the server's SetLanguage (zh for zh and zh-tw). */
export function serverCulture(code: Language): 'zh' | 'en' {
  return code === 'zh' || code === 'zh-tw' ? 'zh' : 'en';
}
