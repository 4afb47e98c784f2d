import { useQuery } from '@tanstack/react-query';
import type { CaseDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/** GET /detail/{id}: the case the design belongs to (the page's header). */
export const getDesignCase = (id: string): Promise<CaseDetail> =>
  request<CaseDetail>({ host: 'case', path: `/detail/${encodeURIComponent(id)}` });

export const designCaseKey = (id: string) => ['design-case', id] as const;

export const useDesignCase = (id: string | null) =>
  useQuery({
    queryKey: designCaseKey(id ?? ''),
    queryFn: () => getDesignCase(id ?? ''),
    enabled: Boolean(id),
  });
