import { useQuery } from '@tanstack/react-query';
import type { CaseDesign } from '@archway/contract';
import { request } from '../../api-client.ts';

/** Every design query lives under this key; saving a design or a note refreshes them all. */
export const DESIGN_KEY = ['design'] as const;
export const caseDesignKey = (caseId: string) => [...DESIGN_KEY, caseId] as const;

/** GET /api/case/design/{id}: the case's chart, note, the labs' notes and what the caller may do. */
export const getCaseDesign = (caseId: string): Promise<CaseDesign> =>
  request<CaseDesign>({ host: 'case', path: `/api/case/design/${encodeURIComponent(caseId)}` });

export const useCaseDesign = (caseId: string | null) =>
  useQuery({
    queryKey: caseDesignKey(caseId ?? ''),
    queryFn: () => getCaseDesign(caseId ?? ''),
    enabled: Boolean(caseId),
  });
