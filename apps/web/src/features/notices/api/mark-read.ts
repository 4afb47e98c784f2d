import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { NOTICES_KEY } from './keys.ts';

/** Marks these notices read, or every one without ids: PUT /api/notice/read. */
export const markRead = (ids?: string[]): Promise<{ marked: number; unread: number }> =>
  request<{ marked: number; unread: number }>({
    host: 'push',
    method: 'PUT',
    path: '/api/notice/read',
    body: ids ? { ids } : {},
  });

export const useMarkRead = (config?: MutationConfig<typeof markRead>) =>
  useRefreshingMutation(NOTICES_KEY, markRead, config);
