import type { CommentCaseRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import type { PageAnswer, PageParams } from '../../../shared/ui/paged-table.ts';
import { pageKey } from './keys.ts';

export const commentPageKey = pageKey;

/** The /caseComment table: cases with comments, newest comment first (POST /api/case/comment/page). */
export const getCommentPage = ({
  pageIndex,
  pageSize,
  keyword,
}: PageParams): Promise<PageAnswer<CommentCaseRow>> =>
  request<PageAnswer<CommentCaseRow>>({
    host: 'case',
    method: 'POST',
    path: '/api/case/comment/page',
    body: { pageIndex, pageSize, sorter: 'lastTime desc', ...(keyword ? { keyword } : {}) },
  });
