import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { JOIN_KEY } from './join-find-organizations.ts';

/** Asks to join an organization: GET /api2/user/customer/join. */
export const requestJoin = (custId: string): Promise<{ id: string; custName: string }> =>
  request<{ id: string; custName: string }>({
    host: 'account',
    path: '/api2/user/customer/join',
    query: { custId },
  });

export const useRequestJoin = (config?: MutationConfig<typeof requestJoin>) =>
  useRefreshingMutation(JOIN_KEY, requestJoin, config);
