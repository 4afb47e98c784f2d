import { useQuery } from '@tanstack/react-query';
import type { ConsoleOrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CONSOLE_KEY } from './console-keys.ts';

export type { ConsoleOrgDetail } from '@archway/contract';

/** Everything of one organization: GET /api2/admin/console/orgs/{id} (the server audits the read). */
export const getConsoleOrg = (id: string): Promise<ConsoleOrgDetail> =>
  request<ConsoleOrgDetail>({ host: 'account', path: `/api2/admin/console/orgs/${id}` });

export const useConsoleOrg = (id: string | null) =>
  useQuery({
    queryKey: [...CONSOLE_KEY, 'org', id],
    queryFn: () => getConsoleOrg(id!),
    enabled: Boolean(id),
  });
