import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { fileAddress } from '../utils/files.ts';
import { refusalOf } from '../utils/stream.ts';

/**
 * A case's preview image (`row.thumbnail`, a PNG the server drew when the scan arrived), fetched with the caller's
 * token like the case's files. The address changes with the image, so an image once fetched is kept.
 */
export async function getThumbnail(url: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(fileAddress(url, baseUrlFor('casefile')), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await refusalOf(response);
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

/** An object URL of `blob`, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setSrc(null);
      return;
    }
    const href = URL.createObjectURL(blob);
    setSrc(href);
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  return src;
}
