import type { z } from 'zod';
import type { paged, partnerRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { PARTNERS_KEY } from './keys.ts';

/** `partnerListQuery` as the web sends it. */
export interface PartnerListInput {
  type?: number;
  key?: string;
  pageIndex: number;
  pageSize: number;
}
export type PartnerPage = z.infer<ReturnType<typeof paged<typeof partnerRow>>>;

/** Partner organizations of one type, a page by name: GET /api2/cust/partner. */
export const getPartners = (query: PartnerListInput): Promise<PartnerPage> =>
  request<PartnerPage>({
    host: 'account',
    path: '/api2/cust/partner',
    query: { ...query, key: query.key || undefined },
  });

export const partnersQueryKey = (type: number) => [...PARTNERS_KEY, 'list', type] as const;
