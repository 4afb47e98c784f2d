import { useTranslation } from 'react-i18next';
import type { Language } from '@archway/contract';
import { languageDef } from '../../../../shared/i18n/languages.ts';

/** The interface language as a BCP 47 tag for `Intl` (zh → zh-CN, zh-tw → zh-TW). */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  try {
    return languageDef(i18n.language as Language).htmlLang;
  } catch {
    return i18n.language || 'en';
  }
}
