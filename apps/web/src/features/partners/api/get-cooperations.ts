import type { z } from 'zod';
import type { cooperationRow, paged } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { PARTNERS_KEY } from './keys.ts';

/** `cooperationListQuery` as the web sends it. */
export interface CooperationListInput {
  state?: number;
  pageIndex: number;
  pageSize: number;
}
export type CooperationPage = z.infer<ReturnType<typeof paged<typeof cooperationRow>>>;

/** Third-party cooperations in both directions, live first: GET /api2/cust/cooperation. */
export const getCooperations = (query: CooperationListInput): Promise<CooperationPage> =>
  request<CooperationPage>({ host: 'account', path: '/api2/cust/cooperation', query: { ...query } });

export const cooperationsQueryKey = [...PARTNERS_KEY, 'cooperations'] as const;
