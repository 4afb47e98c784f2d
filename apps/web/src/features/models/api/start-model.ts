import type { ModelBaseKind, ModelJob } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useModelsMutation, type MutationConfig } from './keys.ts';

export interface StartModelInput {
  caseId: string;
  baseHeight: number;
  baseKind: ModelBaseKind;
  fileId?: string;
}

/** POST /api/case/model/{id}: starts building a printable model; answers the job. */
export const startModel = ({ caseId, ...body }: StartModelInput): Promise<ModelJob> =>
  request<ModelJob>({
    host: 'case',
    method: 'POST',
    path: `/api/case/model/${encodeURIComponent(caseId)}`,
    body,
    silent: true,
  });

export const useStartModel = (config?: MutationConfig<typeof startModel>) =>
  useModelsMutation(startModel, config);
