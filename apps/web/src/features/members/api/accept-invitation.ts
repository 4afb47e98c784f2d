import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedInvitation } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;

/** Accepts an invitation: POST /api2/cust/user/invitation/accept. Silent: the page shows the refusal. */
export const acceptInvitation = (token: string): Promise<AcceptedInvitation> =>
  request<AcceptedInvitation>({
    host: 'account',
    method: 'POST',
    path: '/api2/cust/user/invitation/accept',
    body: { token },
    silent: true,
  });

/** The caller's organization may have changed: every cached query is refreshed. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
