import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { PROFILE_KEY } from './profile-keys.ts';

/** The signed-in person's profile: GET /api2/user (account host). */
export const getProfile = (): Promise<CurrentUser> =>
  request<CurrentUser>({ host: 'account', path: '/api2/user' });

export const useProfile = () => useQuery({ queryKey: PROFILE_KEY, queryFn: getProfile, staleTime: 30_000 });
