import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { PROFILE_KEY } from './profile-keys.ts';

/** The avatar file (GET /attachment/{id}) read with the token: an `<img>` cannot send it. */
async function getAvatar(path: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json'))
    throw new Error(`avatar ${path}`);
  return response.blob();
}

/** The avatar at `path` as an object URL (null while loading, absent or failed), revoked when it changes. */
export function useAvatarImage(path: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: [...PROFILE_KEY, 'avatar', path ?? ''] as const,
    queryFn: () => getAvatar(path!),
    enabled: Boolean(path?.startsWith('/')),
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
  if (!path) return null;
  // An avatar given as a full address (a chat-app picture) is shown as it is.
  return path.startsWith('/') ? src : path;
}
