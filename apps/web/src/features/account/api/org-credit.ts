import type { CreditBody, OrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrgMutation, type MutationConfig } from './org-detail.ts';

/** Sends the credit code and licence again for certification (owner): PUT /api2/cust/credit. */
export const submitCredit = (body: CreditBody): Promise<OrgDetail> =>
  request<OrgDetail>({ host: 'account', method: 'PUT', path: '/api2/cust/credit', body, silent: true });

export const useSubmitCredit = (config?: MutationConfig<typeof submitCredit>) =>
  useOrgMutation(submitCredit, config);
