import type { Language } from '@archway/contract';
import { request } from '../api-client.ts';
import { serverCulture } from './languages.ts';
import { storeLanguage } from './stored-language.ts';

/**
 * A language change is stored, told to the server (only zh or en, product §9) and the page
 * reloads in the new language.
 */
export async function changeLanguage(code: Language): Promise<void> {
  storeLanguage(code);
  try {
    await request({
      host: 'account',
      method: 'POST',
      path: '/Common/SetLanguage',
      query: { culture: serverCulture(code), returnUrl: window.location.href },
      silent: true,
    });
  } catch (error) {
    console.warn('SetLanguage failed; the language is kept in this browser', error);
  }
  window.location.reload();
}
