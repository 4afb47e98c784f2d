import { useQuery } from '@tanstack/react-query';
import type { CooperationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** The organizations a case may be forwarded to: the open third-party cooperations (GET /api2/cust/cooperation?state=1). */
export const getForwardTargets = async (): Promise<CooperationRow[]> =>
  (
    await request<{ records: CooperationRow[] }>({
      host: 'account',
      path: '/api2/cust/cooperation',
      query: { state: 1, pageSize: 100 },
    })
  ).records;

export const useForwardTargets = () =>
  useQuery({ queryKey: ['cases', 'forwardTargets'], queryFn: getForwardTargets, staleTime: 10_000 });
