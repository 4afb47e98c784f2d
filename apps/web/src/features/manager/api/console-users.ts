import type { TFunction } from 'i18next';
import type { ConsoleUserRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePagedQuery, type PageAnswer, type PageParams } from '../../../shared/ui/paged-table.ts';
import { CONSOLE_KEY } from './console-keys.ts';

export type { ConsoleUserRow } from '@archway/contract';

/** The users search's filters (absent: any). */
export interface ConsoleUserFilters {
  disabled?: boolean;
  admin?: boolean;
}

/** One page of accounts: GET /api2/admin/console/users. */
export const getConsoleUsers = (
  filters: ConsoleUserFilters,
  params: PageParams,
): Promise<PageAnswer<ConsoleUserRow>> =>
  request<PageAnswer<ConsoleUserRow>>({
    host: 'account',
    path: '/api2/admin/console/users',
    query: {
      keyword: params.keyword || undefined,
      disabled: filters.disabled,
      admin: filters.admin,
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    },
  });

export const useConsoleUsers = (filters: ConsoleUserFilters, t: TFunction) =>
  usePagedQuery<ConsoleUserRow>([...CONSOLE_KEY, 'users', filters], (p) => getConsoleUsers(filters, p), t);
