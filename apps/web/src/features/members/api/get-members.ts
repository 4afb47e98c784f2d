import { useQuery } from '@tanstack/react-query';
import type { MemberRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MEMBERS_KEY } from './keys.ts';

export type { MemberRow };

/** The organization's members: GET /api2/cust/user/list. */
export const getMembers = (): Promise<MemberRow[]> =>
  request<MemberRow[]>({ host: 'account', path: '/api2/cust/user/list' });

export const getMembersQueryKey = () => [...MEMBERS_KEY, 'list'] as const;

export const useMembers = (enabled = true) =>
  useQuery({ queryKey: getMembersQueryKey(), queryFn: getMembers, enabled });
