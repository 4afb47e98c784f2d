import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiverSearchResult } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** Receiver search (product §5): at most 10 results, debounced 300 ms by the picker. */
export const RECEIVER_SEARCH_MAX = 10;
export const RECEIVER_SEARCH_DEBOUNCE_MS = 300;

/** Organizations by name, or by e-mail or phone where they allow it: GET /cust/clinic/find. */
export const searchReceivers = (key: string): Promise<ReceiverSearchResult[]> =>
  request<ReceiverSearchResult[]>({
    host: 'access',
    path: '/cust/clinic/find',
    query: { key, max: RECEIVER_SEARCH_MAX },
  });

export const searchReceiversQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['receiverSearch', key] as const,
    queryFn: () => searchReceivers(key),
    enabled: key !== '',
    staleTime: 30_000,
  });

export const useReceiverSearch = (key: string) => useQuery(searchReceiversQueryOptions(key));
