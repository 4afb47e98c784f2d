import { useQuery } from '@tanstack/react-query';
import type { JoinRequestRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MEMBERS_KEY } from './keys.ts';

export type { JoinRequestRow };

/** Pending join requests (owners): GET /api2/cust/user/join/list. */
export const getJoinRequests = (): Promise<JoinRequestRow[]> =>
  request<JoinRequestRow[]>({ host: 'account', path: '/api2/cust/user/join/list' });

export const getJoinRequestsQueryKey = () => [...MEMBERS_KEY, 'joinRequests'] as const;

export const useJoinRequests = (enabled = true) =>
  useQuery({ queryKey: getJoinRequestsQueryKey(), queryFn: getJoinRequests, enabled });
