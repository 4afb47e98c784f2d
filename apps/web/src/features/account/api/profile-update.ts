import type { CurrentUser, UpdateProfileBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

/** Username and address fields: PUT /api2/user/profile. Silent: the form shows refusals at the field. */
export const updateProfile = (body: UpdateProfileBody): Promise<CurrentUser> =>
  request<CurrentUser>({ host: 'account', method: 'PUT', path: '/api2/user/profile', body, silent: true });

export const useUpdateProfile = (config?: ProfileMutationConfig<UpdateProfileBody, CurrentUser>) =>
  useProfileMutation(updateProfile, config);
