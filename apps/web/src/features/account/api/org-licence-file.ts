import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { ORG_KEY } from './org-detail.ts';

/** The organization's licence read with the token (GET /attachment/{id}): a link cannot send the token. */
export async function getOrgLicence(url: string): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(`${baseUrlFor('account')}${url}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) throw new Error(`file ${url}`);
  return response.blob();
}

/** The licence at `url` as an object URL to open (null while loading or failed), revoked when it changes. */
export function useOrgLicenceUrl(url: string | null): string | null {
  const query = useQuery({
    queryKey: [...ORG_KEY, 'licence', url ?? ''] as const,
    queryFn: () => getOrgLicence(url!),
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
  return url ? src : null;
}
