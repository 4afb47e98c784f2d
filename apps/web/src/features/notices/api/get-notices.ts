import { useQuery } from '@tanstack/react-query';
import type { NoticeList } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { noticeListKey } from './keys.ts';

/** How many notices the bell lists (unread first, then newest). */
export const BELL_PAGE_SIZE = 30;

/** The caller's notices, unread first, then newest first: GET /api/notice/list. */
export const getNotices = (): Promise<NoticeList> =>
  request<NoticeList>({
    host: 'push',
    path: '/api/notice/list',
    query: { pageIndex: 1, pageSize: BELL_PAGE_SIZE },
    silent: true,
  });

/** Read while the bell's list is open. */
export const useNotices = (enabled: boolean) =>
  useQuery({ queryKey: noticeListKey, queryFn: getNotices, enabled, retry: false });
