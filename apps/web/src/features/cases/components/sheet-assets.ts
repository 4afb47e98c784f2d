import { useQuery } from '@tanstack/react-query';
import { useObjectUrl, useProtectedFile } from '../../../shared/api/protected-file.ts';
import { useCustomer } from '../../../shared/api/current-user.ts';
import { getThumbnail, getThumbnailQueryKey } from '../../../shared/case-page/case-thumbnail.ts';
import { useSheetBranding } from '../api/get-sheet-branding.ts';

/** What the printed case sheet shows besides the case: the organization's name, logo and colour, the scan's image. */
export interface SheetAssets {
  orgName: string | null;
  /** The report logo as an object URL (null: none uploaded, loading or failed). */
  logo: string | null;
  /** The report colour (`#rrggbb`), null for none. */
  color: string | null;
  /** The case's preview image as an object URL (null: none drawn, loading or failed). */
  scan: string | null;
  /** Whether the case has a preview image at all (a blank frame holds its place while it loads). */
  hasScan: boolean;
  /** Everything asked for has arrived or failed: printing now prints what the sheet will ever show. */
  ready: boolean;
}

/**
 * The sheet's pictures and colour for the case whose preview image is at `thumbnail` (the row's address; the same
 * cache as the case list's cards, so an image seen there prints at once).
 */
export function useSheetAssets(thumbnail: string | null | undefined): SheetAssets {
  const branding = useSheetBranding();
  const org = useCustomer();
  const logo = useProtectedFile(branding.data?.logo);
  const scanQuery = useQuery({
    queryKey: getThumbnailQueryKey(thumbnail ?? ''),
    queryFn: () => getThumbnail(thumbnail!),
    enabled: Boolean(thumbnail),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  const scan = useObjectUrl(scanQuery.data);
  const logoSettled = !branding.data?.logo || Boolean(logo.src) || logo.failed;
  const scanSettled = !thumbnail || Boolean(scan) || scanQuery.isError;
  return {
    orgName: org.data?.name ?? null,
    logo: logo.src,
    color: branding.data?.color ?? null,
    scan,
    hasScan: Boolean(thumbnail),
    ready: !branding.isPending && !org.isPending && logoSettled && scanSettled,
  };
}
