import type { z } from 'zod';
import type { InvitationRow, inviteQuery } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useMembersMutation, type MutationConfig } from './keys.ts';

export type InviteInput = z.input<typeof inviteQuery>;

/** Invites an e-mail address (owners): GET /api2/cust/user/invitation. Silent: the form shows refusals. */
export const inviteMember = (input: InviteInput): Promise<InvitationRow> =>
  request<InvitationRow>({
    host: 'account',
    path: '/api2/cust/user/invitation',
    query: { email: input.email, role: input.role },
    silent: true,
  });

export const useInviteMember = (config?: MutationConfig<typeof inviteMember>) =>
  useMembersMutation(inviteMember, config);
