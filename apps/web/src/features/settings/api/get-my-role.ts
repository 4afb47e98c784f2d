import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/**
 * The caller's role in its organization (GET /api2/cust): only its administrator ('owner') changes the
 * organization's search, privacy and report settings; members see them read-only.
 */
export const getMyRole = async (): Promise<OrgDetail['role']> =>
  (await request<OrgDetail>({ host: 'account', path: '/api2/cust', silent: true })).role;

export const myRoleQueryOptions = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'role'] as const, queryFn: getMyRole, staleTime: 60_000 });

/** True for the organization's administrator; true as well while unknown (the server refuses anyway). */
export function useIsAdministrator(): boolean {
  const role = useQuery(myRoleQueryOptions());
  return role.data === undefined || role.data === 'owner';
}
