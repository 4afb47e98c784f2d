import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, stepBackPage, tablePagination } from './paged-table.ts';

describe('shared table pattern', () => {
  it('steps back one page when a page beyond the first comes back empty', () => {
    expect(stepBackPage(3, 0)).toBe(2);
    expect(stepBackPage(1, 0)).toBeNull();
    expect(stepBackPage(2, 5)).toBeNull();
  });

  it('offers page sizes 10, 30, 50, 100 (default 10), the total, the size changer and the jumper', () => {
    const t = ((key: string, options?: { count?: number }) =>
      `${key}:${options?.count}`) as unknown as TFunction;
    const pagination = tablePagination(t, { current: 2, pageSize: 30, total: 45 }, () => undefined);
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(pagination).toMatchObject({
      current: 2,
      pageSize: 30,
      total: 45,
      showSizeChanger: true,
      showQuickJumper: true,
      pageSizeOptions: ['10', '30', '50', '100'],
    });
    expect(pagination.showTotal?.(45, [31, 45])).toBe('table.total:45');
  });
});
