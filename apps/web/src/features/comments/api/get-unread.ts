import { useQuery } from '@tanstack/react-query';
import type { UnreadReplies } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { unreadKey } from './keys.ts';

/** The caller's new replies (reply notifications per case) and their total: GET /api/case/comment/unread. */
export const getUnread = (): Promise<UnreadReplies> =>
  request<UnreadReplies>({ host: 'case', path: '/api/case/comment/unread', silent: true });

/** Refetched on focus and every minute as well, in case the realtime connection is down. */
export const useUnreadReplies = (enabled = true) =>
  useQuery({ queryKey: unreadKey, queryFn: getUnread, enabled, refetchInterval: 60_000, retry: false });
