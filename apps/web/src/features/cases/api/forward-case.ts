import type { CaseRow, ForwardCaseBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** A lab forwards a received case to a third party it cooperates with: POST /api/case/forward {id, custId}. */
export const forwardCase = (body: ForwardCaseBody): Promise<CaseRow> =>
  request<CaseRow>({ host: 'case', method: 'POST', path: '/api/case/forward', body });

export const useForwardCase = (config?: MutationConfig<typeof forwardCase>) =>
  useCaseMutation(forwardCase, config);
