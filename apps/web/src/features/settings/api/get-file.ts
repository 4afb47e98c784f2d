import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { SETTINGS_KEY } from './keys.ts';

/**
 * An uploaded file read with the caller's token (GET /attachment/{id}, GET /cust/clinic/video): pictures and the
 * video are shown from an object URL, since an `<img>` or `<video>` cannot send the token.
 */
export async function getFile(path: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) throw new Error(`file ${path}`);
  return response.blob();
}

/** The file at `path` as an object URL (null while loading, absent or failed), revoked when it changes. */
export function useFileUrl(path: string | null): string | null {
  const query = useQuery({
    queryKey: [...SETTINGS_KEY, 'file', path ?? ''] as const,
    queryFn: () => getFile(path!),
    enabled: Boolean(path),
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
  return path ? src : null;
}
