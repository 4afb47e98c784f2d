import { useQuery } from '@tanstack/react-query';
import type { CompareJob } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { ApiError } from '../../../shared/request.ts';
import { COMPARE_KEY } from './keys.ts';

/** How often a queued or running comparison is asked for. */
export const COMPARE_POLL_MS = 1000;

/** GET /api/case/compare/{job}: the comparison, its figures once done. Silent: the page shows a refusal itself. */
export const getCompareJob = (job: string): Promise<CompareJob> =>
  request<CompareJob>({
    host: 'case',
    path: `/api/case/compare/${encodeURIComponent(job)}`,
    silent: true,
  });

export const getCompareJobQueryKey = (job: string) => [...COMPARE_KEY, 'job', job] as const;

export const isRunning = (job: CompareJob | undefined) => job?.state === 'queued' || job?.state === 'running';

/** A request dropped as a duplicate, or one that timed out, is asked again; a refusal is an answer. */
const retryable = (count: number, error: unknown) =>
  error instanceof ApiError && (error.kind === 'duplicate' || error.kind === 'timeout') && count < 3;

/** The comparison `job` (null: none chosen), asked every second while it is queued or running. */
export const useCompareJob = (job: string | null) =>
  useQuery({
    queryKey: getCompareJobQueryKey(job ?? ''),
    queryFn: () => getCompareJob(job!),
    enabled: !!job,
    retry: retryable,
    refetchInterval: (query) => (isRunning(query.state.data) ? COMPARE_POLL_MS : false),
  });
