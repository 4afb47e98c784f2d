import type { ConsoleOrgDisabledBody, ConsoleOrgRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { CONSOLE_KEY } from './console-keys.ts';

/** Disables (with a reason) or enables an organization: PUT /api2/admin/console/orgs/{id}/disabled. */
export const setConsoleOrgDisabled = ({
  id,
  ...body
}: ConsoleOrgDisabledBody & { id: string }): Promise<ConsoleOrgRow> =>
  request<ConsoleOrgRow>({
    host: 'account',
    method: 'PUT',
    path: `/api2/admin/console/orgs/${id}/disabled`,
    body,
  });

export const useSetConsoleOrgDisabled = (config?: MutationConfig<typeof setConsoleOrgDisabled>) =>
  useRefreshingMutation(CONSOLE_KEY, setConsoleOrgDisabled, config);
