import type { ConsoleUserRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { CONSOLE_KEY } from './console-keys.ts';

/** Disables or enables an account: PUT /api2/admin/console/users/{id}/disabled. */
export const setConsoleUserDisabled = ({ id, disabled }: { id: string; disabled: boolean }) =>
  request<ConsoleUserRow>({
    host: 'account',
    method: 'PUT',
    path: `/api2/admin/console/users/${id}/disabled`,
    body: { disabled },
  });

export const useSetConsoleUserDisabled = (config?: MutationConfig<typeof setConsoleUserDisabled>) =>
  useRefreshingMutation(CONSOLE_KEY, setConsoleUserDisabled, config);
