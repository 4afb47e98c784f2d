import { useQuery } from '@tanstack/react-query';
import { getToken } from '../auth/session.ts';
import { baseUrlFor } from '../services.ts';
import { useObjectUrl } from '../api/protected-file.ts';

/**
 * A case's preview image (a case row's or a latest case's `thumbnail`, a PNG the server drew when the scan arrived),
 * fetched with the caller's token like the case's files. The address changes with the image, so an image once
 * fetched is kept. Used by the case lists, the printed sheet and the home's latest cases.
 */
export async function getThumbnail(url: string): Promise<Blob> {
  const token = getToken();
  const address = /^https?:\/\//i.test(url)
    ? url
    : baseUrlFor('casefile').replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);
  const response = await globalThis.fetch(address, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // A refusal arrives as the JSON envelope, never as the image.
  if (!response.ok || response.headers.get('content-type')?.includes('json'))
    throw new Error(`thumbnail ${response.status}`);
  return response.blob();
}

export const getThumbnailQueryKey = (url: string) => ['case-thumbnail', url] as const;

/**
 * The thumbnail at `url` as an object URL for an `<img>` (null while there is none, it loads or it failed); the
 * object URL is revoked when the image changes or the card goes. One retry, as for the product's lazy images.
 */
export function useThumbnail(url: string | null): string | null {
  const query = useQuery({
    queryKey: getThumbnailQueryKey(url ?? ''),
    queryFn: () => getThumbnail(url!),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  return useObjectUrl(query.data);
}
