import { useQuery } from '@tanstack/react-query';
import type { CaseDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MODELS_KEY } from './keys.ts';

/** GET /detail/{id} (case service): the case the builder works on (its patient, type, files, encryption). */
export const getBuilderCase = (id: string): Promise<CaseDetail> =>
  request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(id)}`, silent: true });

export const getBuilderCaseQueryKey = (id: string) => [...MODELS_KEY, 'case', id] as const;

export const useBuilderCase = (id: string | null) =>
  useQuery({
    queryKey: getBuilderCaseQueryKey(id ?? ''),
    queryFn: () => getBuilderCase(id!),
    enabled: Boolean(id),
    retry: false,
  });
