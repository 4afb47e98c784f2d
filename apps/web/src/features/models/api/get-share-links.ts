import { useQuery } from '@tanstack/react-query';
import type { ShareLinkRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MODELS_KEY } from './keys.ts';

/** GET /api/case/report/shares?caseId=: the organization's share links of the case, newest first. */
export const getShareLinks = (caseId: string): Promise<ShareLinkRow[]> =>
  request<ShareLinkRow[]>({ host: 'case', path: '/api/case/report/shares', query: { caseId } });

export const getShareLinksQueryKey = (caseId: string) => [...MODELS_KEY, 'shares', caseId] as const;

export const useShareLinks = (caseId: string) =>
  useQuery({ queryKey: getShareLinksQueryKey(caseId), queryFn: () => getShareLinks(caseId) });
