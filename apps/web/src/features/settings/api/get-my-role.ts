import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/**
 * What the caller may do with its organization (GET /api2/cust `actions`, decided by the server's orgs.access): only
 * its administrator is offered `edit`, and only it changes the organization's search, privacy and report settings;
 * members see them read-only. The web reads the server's answer and keeps no copy of the rule.
 */
export const getMyOrgActions = async (): Promise<OrgDetail['actions']> =>
  (await request<OrgDetail>({ host: 'account', path: '/api2/cust', silent: true })).actions;

export const myRoleQueryOptions = () =>
  queryOptions({
    queryKey: [...SETTINGS_KEY, 'actions'] as const,
    queryFn: getMyOrgActions,
    staleTime: 60_000,
  });

/** True for the organization's administrator; true as well while unknown (the server refuses anyway). */
export function useIsAdministrator(): boolean {
  const actions = useQuery(myRoleQueryOptions());
  return actions.data === undefined || actions.data.includes('edit');
}
