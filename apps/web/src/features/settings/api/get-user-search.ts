import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSearchSetting } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/** Who may find me by e-mail, phone or name: GET /user/find/setting. */
export const getUserSearch = (): Promise<UserSearchSetting> =>
  request<UserSearchSetting>({ host: 'account', path: '/user/find/setting', silent: true });

export const userSearchQueryOptions = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'userSearch'] as const, queryFn: getUserSearch });

export const useUserSearch = () => useQuery(userSearchQueryOptions());
