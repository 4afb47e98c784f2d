import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../auth/session.ts';
import { baseUrlFor } from '../services.ts';

/**
 * A file the server gives only with the token (`GET /attachment/{id}`, `GET /cust/clinic/video`): an `<img>`,
 * `<video>` or link cannot send it, so the file is fetched and shown from an object URL.
 */
export async function fetchProtectedFile(path: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  // A refusal arrives as the JSON envelope, never as the file.
  if (!response.ok || response.headers.get('content-type')?.includes('json')) throw new Error(`file ${path}`);
  return response.blob();
}

export interface ProtectedFile {
  /** An object URL (null while loading, absent or failed), revoked when the path changes or the user leaves. */
  src: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The file at `path` (a server path such as `/attachment/{id}`). A full address (a chat-app avatar) needs no token
 * and is answered as it is.
 */
export function useProtectedFile(path: string | null | undefined): ProtectedFile {
  const own = Boolean(path?.startsWith('/'));
  const query = useQuery({
    queryKey: ['protected-file', path ?? ''] as const,
    queryFn: () => fetchProtectedFile(path!),
    enabled: own,
    staleTime: Infinity,
    retry: 1,
  });
  const src = useObjectUrl(query.data);
  if (!path) return { src: null, loading: false, failed: false };
  if (!own) return { src: path, loading: false, failed: false };
  return { src, loading: query.isLoading, failed: query.isError };
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
