import type { CaseRow, ProcessStatusCode } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** PUT /processStatus?id=&status=: a receiving lab sets its progress on its copy of the case. */
export const setProcessStatus = ({
  id,
  status,
}: {
  id: string;
  status: ProcessStatusCode;
}): Promise<CaseRow> =>
  request<CaseRow>({ host: 'case', method: 'PUT', path: '/processStatus', query: { id, status } });

export const useSetProcessStatus = (config?: MutationConfig<typeof setProcessStatus>) =>
  useCaseMutation(setProcessStatus, config);
