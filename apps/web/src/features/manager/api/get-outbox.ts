import type { TFunction } from 'i18next';
import type { OutboxRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePagedQuery, type PageAnswer, type PageParams } from '../../../shared/ui/paged-table.ts';

export type { OutboxRow } from '@archway/contract';

export const OUTBOX_KEY = ['outbox'] as const;

/** One page of the mail outbox, newest first: GET /api2/admin/mail. */
export const getOutboxPage = (params: PageParams): Promise<PageAnswer<OutboxRow>> =>
  request<PageAnswer<OutboxRow>>({
    host: 'account',
    path: '/api2/admin/mail',
    query: { keyword: params.keyword || undefined, pageIndex: params.pageIndex, pageSize: params.pageSize },
  });

export const useOutbox = (t: TFunction) =>
  usePagedQuery<OutboxRow>([...OUTBOX_KEY, 'list'], getOutboxPage, t);
