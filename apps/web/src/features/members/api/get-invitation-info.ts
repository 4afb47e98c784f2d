import { useQuery } from '@tanstack/react-query';
import type { InvitationInfo } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MEMBERS_KEY } from './keys.ts';

/** What an invitation link offers, before signing in: GET /api2/cust/user/invitation/info (public). */
export const getInvitationInfo = (token: string): Promise<InvitationInfo> =>
  request<InvitationInfo>({
    host: 'account',
    path: '/api2/cust/user/invitation/info',
    query: { token },
    auth: false,
    silent: true,
  });

export const useInvitationInfo = (token: string) =>
  useQuery({
    queryKey: [...MEMBERS_KEY, 'invitation', token],
    queryFn: () => getInvitationInfo(token),
    enabled: Boolean(token),
    retry: false,
  });
