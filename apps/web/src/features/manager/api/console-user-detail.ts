import { useQuery } from '@tanstack/react-query';
import type { ConsoleUserDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CONSOLE_KEY } from './console-keys.ts';

export type { ConsoleUserDetail } from '@archway/contract';

/** One account: GET /api2/admin/console/users/{id} (the server audits the read). */
export const getConsoleUser = (id: string): Promise<ConsoleUserDetail> =>
  request<ConsoleUserDetail>({ host: 'account', path: `/api2/admin/console/users/${id}` });

export const useConsoleUser = (id: string | null) =>
  useQuery({
    queryKey: [...CONSOLE_KEY, 'user', id],
    queryFn: () => getConsoleUser(id!),
    enabled: Boolean(id),
  });
