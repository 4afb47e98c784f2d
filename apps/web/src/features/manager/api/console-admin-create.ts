import type { ConsoleAdminBody, ConsoleAdminRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { CONSOLE_KEY } from './console-keys.ts';

/**
 * Creates an administrator: POST /api2/admin/console/admins. Silent: the dialog shows a taken username or address
 * at its field.
 */
export const createConsoleAdmin = (body: ConsoleAdminBody): Promise<ConsoleAdminRow> =>
  request<ConsoleAdminRow>({
    host: 'account',
    method: 'POST',
    path: '/api2/admin/console/admins',
    body,
    silent: true,
  });

export const useCreateConsoleAdmin = (config?: MutationConfig<typeof createConsoleAdmin>) =>
  useRefreshingMutation(CONSOLE_KEY, createConsoleAdmin, config);
