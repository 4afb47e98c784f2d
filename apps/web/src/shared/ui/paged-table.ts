import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The shared table pattern (product §9): page sizes 10, 30, 50, 100 (default 10), total, size
 * changer, pager and jumper; requests debounced 100 ms; a page beyond the first that comes back
 * empty steps back one page; a failed fetch stops loading.
 */
export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const TABLE_REQUEST_DEBOUNCE_MS = 100;

export interface PageParams {
  pageIndex: number;
  pageSize: number;
  keyword: string;
}

export interface PageAnswer<T> {
  records: T[];
  totalRecords: number;
}

/** The page to show instead, when a page beyond the first came back empty; else null. */
export function stepBackPage(pageIndex: number, records: number): number | null {
  return pageIndex > 1 && records === 0 ? pageIndex - 1 : null;
}

/** Pagination props of the shared table. */
export function tablePagination(
  t: TFunction,
  page: { current: number; pageSize: number; total: number },
  onChange: (current: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    ...page,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showQuickJumper: true,
    showTotal: (total) => t('table.total', { count: total }),
    onChange,
  };
}

/** A server-paged list with a keyword: state, the debounced query and the table's pagination. */
export function usePagedQuery<T>(
  key: readonly unknown[],
  fetchPage: (params: PageParams) => Promise<PageAnswer<T>>,
  t: TFunction,
) {
  const [params, setParams] = useState<PageParams>({
    pageIndex: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: '',
  });
  const settled = JSON.parse(
    useDebouncedValue(
      JSON.stringify({ ...params, keyword: params.keyword.trim() }),
      TABLE_REQUEST_DEBOUNCE_MS,
    ),
  ) as PageParams;

  const query = useQuery({
    queryKey: [...key, settled],
    queryFn: () => fetchPage(settled),
    placeholderData: keepPreviousData,
  });

  const records = query.data?.records.length;
  useEffect(() => {
    if (records === undefined || query.isPlaceholderData) return;
    const back = stepBackPage(settled.pageIndex, records);
    if (back !== null) setParams((current) => ({ ...current, pageIndex: back }));
  }, [records, settled.pageIndex, query.isPlaceholderData]);

  return {
    query,
    records: query.data?.records ?? [],
    keyword: params.keyword,
    setKeyword: (keyword: string) => setParams((current) => ({ ...current, keyword, pageIndex: 1 })),
    pagination: tablePagination(
      t,
      { current: params.pageIndex, pageSize: params.pageSize, total: query.data?.totalRecords ?? 0 },
      (pageIndex, pageSize) =>
        setParams((current) => ({
          ...current,
          pageIndex: pageSize === current.pageSize ? pageIndex : 1,
          pageSize,
        })),
    ),
  };
}
