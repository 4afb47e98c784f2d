import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompareRequest, CompareStarted } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getCompareJobQueryKey } from './get-compare-job.ts';

/**
 * POST /api/case/compare: aligns scan B onto scan A and colours it by distance, in a job. Refusals (the same scan
 * twice, an encrypted case, one already running…) come back as catalogue errors and are toasted by the request
 * layer.
 */
export const startCompare = (body: CompareRequest): Promise<CompareStarted> =>
  request<CompareStarted>({ host: 'case', method: 'POST', path: '/api/case/compare', body });

export function useStartCompare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCompare,
    onSuccess: (started) => queryClient.invalidateQueries({ queryKey: getCompareJobQueryKey(started.job) }),
  });
}
