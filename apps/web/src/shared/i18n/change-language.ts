import type { Language } from '@archway/contract';
import { request } from '../api-client.ts';
import { getToken } from '../auth/session.ts';
import { serverCulture } from './languages.ts';
import { storeLanguage } from './stored-language.ts';

/**
 * A language change is stored, told to the server (only zh or en, product §9) and the page
 * reloads in the new language.
 */
export async function changeLanguage(code: Language): Promise<void> {
  storeLanguage(code);
  // The server keeps the signed-in user's language; before sign-in there is no one to tell.
  if (getToken()) await tellServer(code);
  window.location.reload();
}

async function tellServer(code: Language): Promise<void> {
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
}
