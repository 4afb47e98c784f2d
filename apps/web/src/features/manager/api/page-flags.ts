import type { TFunction } from 'i18next';
import type { PageFlags, PageFlagsRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { usePagedQuery, type PageAnswer, type PageParams } from '../../../shared/ui/paged-table.ts';

export type { PageFlagsRow } from '@archway/contract';

export const PAGE_FLAGS_KEY = ['pageFlags'] as const;

/** One page of organizations with their optional screens: GET /api2/admin/cust/pages. */
export const getPageFlagsPage = (params: PageParams): Promise<PageAnswer<PageFlagsRow>> =>
  request<PageAnswer<PageFlagsRow>>({
    host: 'account',
    path: '/api2/admin/cust/pages',
    query: { keyword: params.keyword || undefined, pageIndex: params.pageIndex, pageSize: params.pageSize },
  });

export const usePageFlagsList = (t: TFunction) =>
  usePagedQuery<PageFlagsRow>([...PAGE_FLAGS_KEY, 'list'], getPageFlagsPage, t);

/** Switches one screen of an organization: PUT /api2/admin/cust/{id}/pages. */
export const setPageFlags = ({ id, ...body }: Partial<PageFlags> & { id: string }): Promise<PageFlagsRow> =>
  request<PageFlagsRow>({ host: 'account', method: 'PUT', path: `/api2/admin/cust/${id}/pages`, body });

export const useSetPageFlags = (config?: MutationConfig<typeof setPageFlags>) =>
  useRefreshingMutation(PAGE_FLAGS_KEY, setPageFlags, config);
