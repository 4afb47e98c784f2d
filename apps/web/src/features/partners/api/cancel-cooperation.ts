import type { CooperationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePartnerMutation, type MutationConfig } from './keys.ts';

/** Either side closes an application or an open cooperation: DELETE /api2/cust/cooperation/{id}. */
export const cancelCooperation = (id: string): Promise<CooperationRow> =>
  request<CooperationRow>({
    host: 'account',
    method: 'DELETE',
    path: `/api2/cust/cooperation/${encodeURIComponent(id)}`,
  });

export const useCancelCooperation = (config?: MutationConfig<typeof cancelCooperation>) =>
  usePartnerMutation(cancelCooperation, config);
