import { cultureOf, type CurrentUser, type Language } from '@archway/contract';
import { request } from '../api-client.ts';
import { isLanguage } from './languages.ts';
import { getToken } from '../auth/session.ts';
import { languageChosen, storedLanguage, storeLanguage } from './stored-language.ts';

/**
 * A language change is stored, told to the server and the page reloads in the new language. The server hears it
 * twice: the spec's `/Common/SetLanguage` with the culture (only zh or en, product §9), and Archway's
 * `PUT /api2/user/language` with the full language and the browser's time zone, which mail is written in (issue 34).
 */
export async function changeLanguage(code: Language): Promise<void> {
  storeLanguage(code);
  // The server keeps the signed-in user's language; before sign-in there is no one to tell.
  if (getToken()) await tellServer(code);
  window.location.reload();
}

/** The browser's IANA time zone (`Europe/Berlin`), or undefined where it gives none. */
export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

async function tellServer(code: Language): Promise<void> {
  try {
    await request({
      host: 'account',
      method: 'POST',
      path: '/Common/SetLanguage',
      query: { culture: cultureOf(code), returnUrl: window.location.href },
      silent: true,
    });
  } catch (error) {
    console.warn('SetLanguage failed; the language is kept in this browser', error);
  }
  await tellFullLanguage(code);
}

/** `PUT /api2/user/language`: the full language and time zone (a failure only leaves mail in the older one). */
async function tellFullLanguage(code: Language): Promise<void> {
  try {
    await request({
      host: 'account',
      method: 'PUT',
      path: '/api2/user/language',
      body: { language: code, timeZone: browserTimeZone() ?? 'UTC' },
      silent: true,
    });
  } catch (error) {
    console.warn('The language for mail could not be stored', error);
  }
}

/** The language the server should keep: this browser's when picked here (or the server has none), else the server's. */
export const languageForServer = (chosenHere: boolean, here: Language, server: unknown): Language =>
  chosenHere || !isLanguage(server) ? here : server;

/**
 * Once the signed-in user is known (after sign-in, or a page load): when the server's language or time zone differs
 * from this browser's, it is told, so mail follows the language chosen before signing in or on another device. A
 * language only defaulted in this browser (never picked here) does not replace the one the server keeps.
 */
export function syncServerLanguage(user: Pick<CurrentUser, 'language' | 'timeZone'>): void {
  const language = languageForServer(languageChosen(), storedLanguage(), user.language);
  const timeZone = browserTimeZone() ?? 'UTC';
  if (user.language === language && user.timeZone === timeZone) return;
  void tellFullLanguage(language);
}
