import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { CONSOLE_KEY } from './console-keys.ts';

/** Forces a password reset (mails a link): POST /api2/admin/console/users/{id}/password-reset. */
export const forceConsolePasswordReset = ({ id }: { id: string }) =>
  request<{ userId: string; passwordResetRequired: true; mailedTo: string }>({
    host: 'account',
    method: 'POST',
    path: `/api2/admin/console/users/${id}/password-reset`,
  });

export const useForceConsolePasswordReset = (config?: MutationConfig<typeof forceConsolePasswordReset>) =>
  useRefreshingMutation(CONSOLE_KEY, forceConsolePasswordReset, config);
