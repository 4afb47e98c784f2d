/**
 * The canonical address (issue 6 §2): sign-in only works on the origin of PUBLIC_URL, because the
 * provider sends the browser back to identity settings' `redirect_uri` and the sign-in state (PKCE
 * verifier) lives in that origin's sessionStorage. Opened on another address (127.0.0.1, a LAN
 * address), Archway first moves to the same path on the canonical origin, before any sign-in starts.
 */
export interface PageAddress {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}

function httpOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The canonical origin: `redirect_uri`'s, else `authority`'s; null when neither is a usable URL. */
export function canonicalOrigin(settings: { redirect_uri?: string; authority?: string }): string | null {
  return httpOrigin(settings.redirect_uri) ?? httpOrigin(settings.authority);
}

/** Where to go instead of this page, or null when it is already on the canonical origin. */
export function canonicalRedirect(
  page: PageAddress,
  settings: { redirect_uri?: string; authority?: string } | null,
): string | null {
  const origin = settings ? canonicalOrigin(settings) : null;
  if (!origin || origin === page.origin) return null;
  return `${origin}${page.pathname}${page.search}${page.hash}`;
}
