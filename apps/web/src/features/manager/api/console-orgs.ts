import type { TFunction } from 'i18next';
import type { ConsoleOrgRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePagedQuery, type PageAnswer, type PageParams } from '../../../shared/ui/paged-table.ts';
import { CONSOLE_KEY } from './console-keys.ts';

export type { ConsoleOrgRow } from '@archway/contract';

/** The organizations search's filters (absent: any). */
export interface ConsoleOrgFilters {
  type?: number;
  status?: number;
  disabled?: boolean;
}

/** One page of organizations: GET /api2/admin/console/orgs. */
export const getConsoleOrgs = (
  filters: ConsoleOrgFilters,
  params: PageParams,
): Promise<PageAnswer<ConsoleOrgRow>> =>
  request<PageAnswer<ConsoleOrgRow>>({
    host: 'account',
    path: '/api2/admin/console/orgs',
    query: {
      keyword: params.keyword || undefined,
      type: filters.type,
      status: filters.status,
      disabled: filters.disabled,
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    },
  });

export const useConsoleOrgs = (filters: ConsoleOrgFilters, t: TFunction) =>
  usePagedQuery<ConsoleOrgRow>([...CONSOLE_KEY, 'orgs', filters], (p) => getConsoleOrgs(filters, p), t);
