import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorizationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { DEVICES_KEY } from './keys.ts';

/** One authorization as it is now: GET /api2/device/scan/auth/{id}. */
export const getAuthorization = (id: string): Promise<AuthorizationRow> =>
  request<AuthorizationRow>({ host: 'access', path: `/api2/device/scan/auth/${id}` });

export const getAuthorizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'authorization', id] as const,
    queryFn: () => getAuthorization(id),
  });

export const useAuthorization = (row: AuthorizationRow) =>
  useQuery({ ...getAuthorizationQueryOptions(row.id), placeholderData: row });
