import { request } from '../../../shared/api-client.ts';
import { useMembersMutation, type MutationConfig } from './keys.ts';

export interface ConfirmJoinInput {
  id: string;
  accept: boolean;
}

/** Accepts or refuses a join request (owners): GET /api2/cust/user/join/confirm. */
export const confirmJoin = (input: ConfirmJoinInput): Promise<{ id: string; state: number }> =>
  request<{ id: string; state: number }>({
    host: 'account',
    path: '/api2/cust/user/join/confirm',
    query: { id: input.id, accept: input.accept },
  });

export const useConfirmJoin = (config?: MutationConfig<typeof confirmJoin>) =>
  useMembersMutation(confirmJoin, config);
