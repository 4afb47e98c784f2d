import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { caseRow, paged } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MODELS_KEY } from './keys.ts';

export type BuilderCasePage = z.infer<ReturnType<typeof paged<typeof caseRow>>>;

/** POST /getpaging (case service): one page of the caller's case box, to choose a case from. */
export const getBuilderCases = (keyword: string, page: number): Promise<BuilderCasePage> =>
  request<BuilderCasePage>({
    host: 'case',
    method: 'POST',
    path: '/getpaging',
    body: { pageIndex: page, pageSize: 10, keyword: keyword || undefined },
  });

export const getBuilderCasesQueryKey = (keyword: string, page: number) =>
  [...MODELS_KEY, 'cases', keyword, page] as const;

export const useBuilderCases = (keyword: string, page: number) =>
  useQuery({
    queryKey: getBuilderCasesQueryKey(keyword, page),
    queryFn: () => getBuilderCases(keyword, page),
    placeholderData: keepPreviousData,
  });
