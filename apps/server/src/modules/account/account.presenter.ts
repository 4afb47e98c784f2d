import { OIDC_CLIENT_ID, type BrandId, type IdentitySettings, type Region } from '@archway/contract';
import { webUrls } from '../../platform/identity/provider.ts';

/** Region of a host name: cn, eu and in hosts have their own; everything else is en. */
export function regionOf(host: string): Region {
  const labels = host.toLowerCase().split(':')[0]!.split('.');
  for (const r of ['cn', 'eu', 'in'] as const) if (labels.includes(r)) return r;
  return 'en';
}

/**
 * `GET /v5/identitySettings.json`. Every URL derives from PUBLIC_URL, never from the request's Host or
 * X-Forwarded-Host; the region is the caller's `token` parameter, else PUBLIC_URL's host's.
 */
export function presentIdentitySettings(opts: {
  publicUrl: string;
  issuer: string;
  demo: boolean;
  frameAncestors: string[];
  region: Region | undefined;
  brand: BrandId;
}): IdentitySettings {
  const urls = webUrls(opts.publicUrl);
  return {
    authority: opts.issuer,
    client_id: OIDC_CLIENT_ID,
    redirect_uri: urls.redirect,
    silent_redirect_uri: urls.silentRenew,
    post_logout_redirect_uri: urls.postLogout,
    response_type: 'code',
    scope: 'openid profile api',
    region: opts.region ?? regionOf(new URL(opts.publicUrl).host),
    demo: opts.demo,
    frameAncestors: opts.frameAncestors,
    brand: opts.brand,
  };
}
