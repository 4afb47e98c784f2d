import { CaseStatus, type CaseRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** PUT /status/{id}?status=5: the sender cancels its case. */
export const cancelCase = (id: string): Promise<CaseRow> =>
  request<CaseRow>({
    host: 'case',
    method: 'PUT',
    path: `/status/${encodeURIComponent(id)}`,
    query: { status: CaseStatus.cancelled },
  });

export const useCancelCase = (config?: MutationConfig<typeof cancelCase>) =>
  useCaseMutation(cancelCase, config);
