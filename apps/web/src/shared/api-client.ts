import { createRequester } from './request.ts';
import { baseUrlFor } from './services.ts';
import { getToken } from './auth/session.ts';
import { loseSession, renewUser } from './auth/identity.ts';
import { storedLanguage } from './i18n/stored-language.ts';
import { translateOr } from './i18n/i18n.ts';
import { toast } from './ui/toast.ts';
import { reportReachable } from './network-status.ts';

/** The app's request function: every call to the server goes through here. */
export const request = createRequester({
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: baseUrlFor,
  getToken,
  language: storedLanguage,
  renew: renewUser,
  onSessionLost: loseSession,
  toast: (text) => toast(text),
  translate: translateOr,
  onReachable: reportReachable,
});
