import { useQuery } from '@tanstack/react-query';
import type { MyOrganization } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { JOIN_KEY } from './join-find-organizations.ts';

export type { MyOrganization };

/** The caller's organizations and pending join requests: GET /api2/user/customer/list. */
export const getMyOrganizations = (): Promise<MyOrganization[]> =>
  request<MyOrganization[]>({ host: 'account', path: '/api2/user/customer/list' });

export const useMyOrganizations = () =>
  useQuery({ queryKey: [...JOIN_KEY, 'mine'], queryFn: getMyOrganizations });
