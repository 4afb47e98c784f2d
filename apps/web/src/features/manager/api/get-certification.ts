import type { TFunction } from 'i18next';
import type { CertificationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePagedQuery, type PageAnswer, type PageParams } from '../../../shared/ui/paged-table.ts';

export type { CertificationRow } from '@archway/contract';

/** Every certification query lives under this key; a decision refreshes all of them. */
export const CERTIFICATION_KEY = ['certification'] as const;

/** One page of organizations of a status (1: the review queue): GET /api2/admin/cust. */
export const getCertificationPage = (
  status: number,
  params: PageParams,
): Promise<PageAnswer<CertificationRow>> =>
  request<PageAnswer<CertificationRow>>({
    host: 'account',
    path: '/api2/admin/cust',
    query: {
      status,
      keyword: params.keyword || undefined,
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    },
  });

export const useCertificationList = (status: number, t: TFunction) =>
  usePagedQuery<CertificationRow>(
    [...CERTIFICATION_KEY, 'list', status],
    (p) => getCertificationPage(status, p),
    t,
  );
