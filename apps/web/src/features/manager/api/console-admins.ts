import { useQuery } from '@tanstack/react-query';
import type { ConsoleAdminRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CONSOLE_KEY } from './console-keys.ts';

export type { ConsoleAdminRow } from '@archway/contract';

/** Every administrator account: GET /api2/admin/console/admins. */
export const getConsoleAdmins = (): Promise<ConsoleAdminRow[]> =>
  request<ConsoleAdminRow[]>({ host: 'account', path: '/api2/admin/console/admins' });

export const useConsoleAdmins = () =>
  useQuery({ queryKey: [...CONSOLE_KEY, 'admins'], queryFn: getConsoleAdmins });
