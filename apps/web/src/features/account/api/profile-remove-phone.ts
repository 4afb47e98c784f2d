import type { CurrentUser } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

/** DELETE /api2/user/phone/remove: the account has no phone any more. */
export const removePhone = (): Promise<CurrentUser> =>
  request<CurrentUser>({ host: 'account', method: 'DELETE', path: '/api2/user/phone/remove' });

export const useRemovePhone = (config?: ProfileMutationConfig<void, CurrentUser>) =>
  useProfileMutation(removePhone, config);
