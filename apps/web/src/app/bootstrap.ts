import type { IdentitySettings } from '@archway/contract';
import type { Locale } from 'antd/es/locale';
import { request } from '../shared/api-client.ts';
import { identitySettings, initIdentity } from '../shared/auth/identity.ts';
import { applyBrandToDocument } from '../shared/brand.ts';
import { canonicalRedirect } from '../shared/auth/canonical.ts';
import { startParentTokenHandOver } from '../shared/auth/parent-token.ts';
import { initI18n, overrideTexts } from '../shared/i18n/i18n.ts';
import { storeLanguage, storedLanguage } from '../shared/i18n/stored-language.ts';
import { setServices, type ServicesMap } from '../shared/services.ts';
import { currentSystem } from '../shared/system.ts';
import type { Language } from '@archway/contract';

/** `GET /common/services` first; on failure an empty map (same origin) and the app still mounts. */
async function loadServices(): Promise<void> {
  try {
    const map = await request<ServicesMap>({
      host: 'origin',
      path: '/common/services',
      auth: false,
      silent: true,
    });
    setServices(map && typeof map === 'object' ? map : {});
  } catch (error) {
    console.error('service list could not be loaded; using this origin', error);
    setServices({});
  }
}

/** `GET /v5/identitySettings.json` (raw JSON) → the sign-in manager; an error leaves none. */
async function loadIdentity(): Promise<void> {
  try {
    const settings = await request<IdentitySettings>({
      host: 'origin',
      path: `${import.meta.env.BASE_URL}identitySettings.json`,
      query: { timestamp: Date.now() },
      raw: true,
      auth: false,
      silent: true,
    });
    await initIdentity(settings);
  } catch (error) {
    console.error('identity settings could not be loaded', error);
  }
}

/** Texts from the cloud override the built-in ones; on failure the built-in texts stay. */
async function loadCloudTexts(lang: Language): Promise<void> {
  try {
    const answer = await request<{ content?: string } | null>({
      path: '/api/translate/languageContent/cloud',
      query: { lang, timestamp: Date.now() },
      auth: false,
      silent: true,
    });
    if (!answer?.content) return;
    const texts: unknown = JSON.parse(answer.content);
    if (texts && typeof texts === 'object') overrideTexts(lang, texts as Parameters<typeof overrideTexts>[1]);
  } catch (error) {
    console.warn('cloud texts could not be loaded; built-in texts are used', error);
  }
}

/**
 * Start-up: services, identity and texts; answers the Ant Design locale to mount with. On another
 * address than PUBLIC_URL's origin it moves there first (and never mounts here), so sign-in works.
 */
export async function bootstrap(): Promise<Locale> {
  document.documentElement.dataset.system = currentSystem();
  const lang = storedLanguage();
  const [locale] = await Promise.all([initI18n(lang), loadServices(), loadIdentity()]);
  // The server's brand (BRAND) is known now: title and tab icon (a VITE_BRAND build has them from the start).
  applyBrandToDocument();
  const canonical = canonicalRedirect(window.location, identitySettings());
  if (canonical) {
    window.location.replace(canonical);
    return new Promise<Locale>(() => {}); // the splash stays until the browser leaves
  }
  void loadCloudTexts(lang);
  startParentTokenHandOver(
    ({ lang: handedLang }) => {
      if (handedLang && handedLang !== lang) {
        storeLanguage(handedLang);
        window.location.reload();
      }
    },
    () => identitySettings()?.frameAncestors ?? [],
  );
  return locale;
}
