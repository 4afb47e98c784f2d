import { useQuery } from '@tanstack/react-query';
import type { SharedReport } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** GET /api/report/{token} (public, no token sent): the shared report; an expired or revoked link is refused. */
export const getSharedReport = (token: string): Promise<SharedReport> =>
  request<SharedReport>({
    host: 'case',
    path: `/api/report/${encodeURIComponent(token)}`,
    auth: false,
    silent: true,
  });

export const getSharedReportQueryKey = (token: string) => ['sharedReport', token] as const;

export const useSharedReport = (token: string) =>
  useQuery({
    queryKey: getSharedReportQueryKey(token),
    queryFn: () => getSharedReport(token),
    retry: false,
    staleTime: Infinity,
  });
