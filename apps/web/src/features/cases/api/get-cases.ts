import type { z } from 'zod';
import type { caseListBody, caseRow, paged } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CASES_KEY } from './keys.ts';

export type CaseListInput = z.input<typeof caseListBody>;
export type CasePage = z.infer<ReturnType<typeof paged<typeof caseRow>>>;

/** One page of the case box or the recycle bin: POST /getpaging (case service). */
export const getCases = (body: CaseListInput): Promise<CasePage> =>
  request<CasePage>({
    host: 'case',
    method: 'POST',
    path: '/getpaging',
    body: { ...body, keyword: body.keyword || undefined },
  });

export const getCasesQueryKey = (scope: string, filters?: unknown) =>
  filters === undefined
    ? ([...CASES_KEY, 'list', scope] as const)
    : ([...CASES_KEY, 'list', scope, filters] as const);
