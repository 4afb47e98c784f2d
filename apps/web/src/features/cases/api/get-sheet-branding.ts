import { useQuery } from '@tanstack/react-query';
import type { LogoContent, ShareInfo } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** What the printed case sheet takes from the organization's report customization (Settings → Report customization). */
export interface SheetBranding {
  /** The report logo's path (`/attachment/{id}`), or null when none was uploaded. */
  logo: string | null;
  /** The report colour (`#rrggbb`), or null when none was chosen. */
  color: string | null;
}

/** Answers null instead of failing: a sheet prints without a logo or colour rather than not at all. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/**
 * The signed-in organization's report logo (`GET /user/find/logo`, `content` a JSON text `{logo, backgroud}`) and
 * colour (`GET /cust/clinic/shareInfo`'s `shareColor`), as the model builder's report shows them.
 */
export async function getSheetBranding(): Promise<SheetBranding> {
  const [logo, info] = await Promise.all([
    orNull(
      request<{ content: string }>({ host: 'account', path: '/user/find/logo', silent: true }).then(
        (a) => JSON.parse(a.content) as LogoContent,
      ),
    ),
    orNull(request<ShareInfo>({ host: 'account', path: '/cust/clinic/shareInfo', silent: true })),
  ]);
  const color = info?.shareColor.shareColor ?? null;
  return {
    logo: logo?.logo ?? null,
    color: color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : null,
  };
}

export const getSheetBrandingQueryKey = () => ['case-sheet-branding'] as const;

/** The report logo and colour for the case sheet (fetched afresh each time a print dialog opens). */
export const useSheetBranding = () =>
  useQuery({ queryKey: getSheetBrandingQueryKey(), queryFn: getSheetBranding, staleTime: 0 });
