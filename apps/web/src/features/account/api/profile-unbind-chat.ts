import type { CurrentUser } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

/** DELETE /api2/user/wx: the chat-app login no longer signs in to this account. */
export const unbindChatApp = (): Promise<CurrentUser> =>
  request<CurrentUser>({ host: 'account', method: 'DELETE', path: '/api2/user/wx' });

export const useUnbindChatApp = (config?: ProfileMutationConfig<void, CurrentUser>) =>
  useProfileMutation(unbindChatApp, config);
