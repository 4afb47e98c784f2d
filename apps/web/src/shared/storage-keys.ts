/** Every browser-storage key the web app uses (product §9 "Local storage keys"). */
export const LocalKeys = {
  lang: 'lang',
  themeType: 'theme-type',
  systemType: 'system-type',
  menuCollapsed: 'menu-collapsed',
  order: 'order',
  compare: 'compare',
  builder: 'builder',
  updateTips: 'updateTips',
  /** Not in the spec: where unfinished case uploads are, so that importing the same file again continues it. */
  uploads: 'archway-uploads',
  /** Not in the spec: set when the person picked the language here (not the default), so it may be told to the server. */
  langChosen: 'archway-lang-chosen',
} as const;

export const SessionKeys = {
  token: 'token',
  /** Catalogue key of a message the sign-in form shows once (e.g. generic.sessionExpired). */
  loginMessage: 'login-message',
  /** Path to return to after the external sign-in. */
  returnPath: 'return-path',
} as const;

export function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

export function removeLocal(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // storage unavailable
  }
}

export function readSession(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // storage unavailable
  }
}
