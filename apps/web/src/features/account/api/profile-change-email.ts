import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

type Sent = { sent: true; email: string };

/** A confirmation link to the new address: POST /api2/user/email. Silent: the dialog shows refusals. */
export const changeEmail = (email: string): Promise<Sent> =>
  request<Sent>({ host: 'account', method: 'POST', path: '/api2/user/email', body: { email }, silent: true });

export const useChangeEmail = (config?: ProfileMutationConfig<string, Sent>) =>
  useProfileMutation(changeEmail, config);
