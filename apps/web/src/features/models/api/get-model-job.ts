import { useQuery } from '@tanstack/react-query';
import type { ModelJob } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { MODELS_KEY } from './keys.ts';

/** GET /api/case/model/{id}: the case's latest model job (`none` when no model was ever built). */
export const getModelJob = (caseId: string): Promise<ModelJob> =>
  request<ModelJob>({ host: 'case', path: `/api/case/model/${encodeURIComponent(caseId)}`, silent: true });

export const getModelJobQueryKey = (caseId: string) => [...MODELS_KEY, 'job', caseId] as const;

/** How often a live job is read again. */
export const MODEL_POLL_MS = 1000;

export const isLive = (job: ModelJob | undefined) => job?.state === 'queued' || job?.state === 'running';

/** The job, read again every second while it is queued or running (the realtime Task notice also arrives). */
export const useModelJob = (caseId: string | null) =>
  useQuery({
    queryKey: getModelJobQueryKey(caseId ?? ''),
    queryFn: () => getModelJob(caseId!),
    enabled: Boolean(caseId),
    retry: false,
    refetchInterval: (query) => (isLive(query.state.data) ? MODEL_POLL_MS : false),
  });
