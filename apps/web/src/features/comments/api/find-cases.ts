import { useQuery } from '@tanstack/react-query';
import type { CaseRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { COMMENTS_KEY } from './keys.ts';

/** Cases to reply on (/caseReply's picker): the case box by patient name, newest first (POST /getpaging). */
export const findCases = async (keyword: string): Promise<CaseRow[]> =>
  (
    await request<{ records: CaseRow[] }>({
      host: 'case',
      method: 'POST',
      path: '/getpaging',
      body: { pageSize: 20, pageIndex: 1, ...(keyword ? { keyword } : {}) },
    })
  ).records;

export const useCaseChoices = (keyword: string) =>
  useQuery({ queryKey: [...COMMENTS_KEY, 'choices', keyword], queryFn: () => findCases(keyword) });
