import type { CooperationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePartnerMutation, type MutationConfig } from './keys.ts';

/** The side applied to accepts or refuses: PUT /api2/cust/cooperation/{id} {accept}. */
export const decideCooperation = ({ id, accept }: { id: string; accept: boolean }): Promise<CooperationRow> =>
  request<CooperationRow>({
    host: 'account',
    method: 'PUT',
    path: `/api2/cust/cooperation/${encodeURIComponent(id)}`,
    body: { accept },
  });

export const useDecideCooperation = (config?: MutationConfig<typeof decideCooperation>) =>
  usePartnerMutation(decideCooperation, config);
