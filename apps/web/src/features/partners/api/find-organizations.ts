import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustFindResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** The apply dialog's search: debounced 300 ms, at most 10 results. */
export const ORG_SEARCH_MAX = 10;
export const ORG_SEARCH_DEBOUNCE_MS = 300;

/** Organizations by name, or by e-mail or phone where they allow it: GET /api2/cust/find. */
export const findOrganizations = (key: string): Promise<CustFindResult[]> =>
  request<CustFindResult[]>({
    host: 'account',
    path: '/api2/cust/find',
    query: { key, max: ORG_SEARCH_MAX },
  });

export const useOrganizationSearch = (key: string) =>
  useQuery(
    queryOptions({
      queryKey: ['partners', 'orgSearch', key] as const,
      queryFn: () => findOrganizations(key),
      enabled: key !== '',
      staleTime: 30_000,
    }),
  );
