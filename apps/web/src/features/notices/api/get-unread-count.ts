import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api-client.ts';
import { unreadCountKey } from './keys.ts';

/** The number of the caller's unread notices: GET /api/notice/unread. */
export const getUnreadCount = (): Promise<{ count: number }> =>
  request<{ count: number }>({ host: 'push', path: '/api/notice/unread', silent: true });

/** The bell's count: refetched on focus and every minute as well, in case the realtime connection is down. */
export const useUnreadCount = () =>
  useQuery({ queryKey: unreadCountKey, queryFn: getUnreadCount, refetchInterval: 60_000, retry: false });
