import type { CooperationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePartnerMutation, type MutationConfig } from './keys.ts';

/** Apply for a third-party cooperation: POST /api2/cust/cooperation {custId}. Refusals show as a toast. */
export const applyCooperation = (custId: string): Promise<CooperationRow> =>
  request<CooperationRow>({
    host: 'account',
    method: 'POST',
    path: '/api2/cust/cooperation',
    body: { custId },
  });

export const useApplyCooperation = (config?: MutationConfig<typeof applyCooperation>) =>
  usePartnerMutation(applyCooperation, config);
