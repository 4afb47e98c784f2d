import { useQuery } from '@tanstack/react-query';
import type { InvitationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MEMBERS_KEY } from './keys.ts';

export type { InvitationRow };

/** The organization's latest invitations (owners): GET /api2/cust/user/invitation/list. */
export const getInvitations = (): Promise<InvitationRow[]> =>
  request<InvitationRow[]>({ host: 'account', path: '/api2/cust/user/invitation/list' });

export const getInvitationsQueryKey = () => [...MEMBERS_KEY, 'invitations'] as const;

export const useInvitations = (enabled = true) =>
  useQuery({ queryKey: getInvitationsQueryKey(), queryFn: getInvitations, enabled });
