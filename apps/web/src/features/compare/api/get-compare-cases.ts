import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompareCase } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { COMPARE_KEY } from './keys.ts';

/** GET /api/case/compare/cases?keyword=: the caller's cases with a scan (and their scans), to choose from. */
export const getCompareCases = (keyword: string): Promise<CompareCase[]> =>
  request<CompareCase[]>({
    host: 'case',
    path: '/api/case/compare/cases',
    query: { keyword: keyword.trim() || undefined },
  });

export const getCompareCasesQueryKey = (keyword: string) =>
  [...COMPARE_KEY, 'cases', keyword.trim()] as const;

/** The cases matching `keyword` (patient name…); the previous answer stays shown while the next one loads. */
export const useCompareCases = (keyword: string) =>
  useQuery({
    queryKey: getCompareCasesQueryKey(keyword),
    queryFn: () => getCompareCases(keyword),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
