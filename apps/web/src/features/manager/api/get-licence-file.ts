import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';

/** A licence read with the administrator's token (GET /attachment/{id}): an `<img>` cannot send the token. */
export async function getLicenceFile(url: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}${url}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) throw new Error(`file ${url}`);
  return response.blob();
}

/** The licence at `url` as an object URL (null while loading or failed), revoked when it changes. */
export function useLicenceUrl(url: string | null) {
  const query = useQuery({
    queryKey: ['certification', 'licence', url ?? ''] as const,
    queryFn: () => getLicenceFile(url!),
    enabled: Boolean(url),
    staleTime: Infinity,
    retry: 1,
  });
  const blob = query.data;
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
  return { src: url ? src : null, failed: query.isError, loading: query.isLoading };
}
