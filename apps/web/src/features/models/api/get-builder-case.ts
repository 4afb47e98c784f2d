import { useQuery } from '@tanstack/react-query';
import type { CaseDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** GET /detail/{id} (case service): the case the builder works on (its patient, type, files, encryption). */
export const getBuilderCase = (id: string): Promise<CaseDetail> =>
  request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(id)}`, silent: true });

/** Not under MODELS_KEY: a share link or a build does not change the case. */
export const getBuilderCaseQueryKey = (id: string) => ['models-case', id] as const;

export const useBuilderCase = (id: string | null) =>
  useQuery({
    queryKey: getBuilderCaseQueryKey(id ?? ''),
    queryFn: () => getBuilderCase(id!),
    enabled: Boolean(id),
    retry: false,
  });
