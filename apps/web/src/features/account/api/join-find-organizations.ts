import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustFindResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type { CustFindResult };

/** Every join query lives under this key; sending a request refreshes them. */
export const JOIN_KEY = ['join'] as const;

/** Organizations by name (or exact e-mail or phone, as their settings allow): GET /api2/cust/find. */
export const findOrganizations = (key: string): Promise<CustFindResult[]> =>
  request<CustFindResult[]>({ host: 'account', path: '/api2/cust/find', query: { key, max: 10 } });

export const useFindOrganizations = (key: string) =>
  useQuery({
    queryKey: [...JOIN_KEY, 'find', key],
    queryFn: () => findOrganizations(key),
    enabled: key.trim().length > 0,
    placeholderData: keepPreviousData,
  });
