import type { CurrentUser } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

export type ChangePhone = { phone: string; code: string };

/** The new number with its code: PUT /api2/user/phone. Silent: the dialog shows refusals. */
export const changePhone = (body: ChangePhone): Promise<CurrentUser> =>
  request<CurrentUser>({ host: 'account', method: 'PUT', path: '/api2/user/phone', body, silent: true });

export const useChangePhone = (config?: ProfileMutationConfig<ChangePhone, CurrentUser>) =>
  useProfileMutation(changePhone, config);
