import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversion, ConvertedFile } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { ApiError } from '../../../shared/request.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { fileAddress } from '../utils/files.ts';
import { safeFileName } from '../utils/progress.ts';
import { streamFile } from '../utils/stream.ts';
import { CONVERSION_POLL_MS, isActive, isSelectable, type ConvertTarget } from '../utils/conversion.ts';
import { saveBlob } from '../../../shared/download.ts';
import { useKeyedDownloads } from './download-case.ts';
import { getCaseDetailQueryKey } from './get-case-detail.ts';
import { CASES_KEY } from './keys.ts';

/**
 * GET /api/caseRedis/convert/{id}?type=&flush=: the case's latest conversion to `type`, started when there is none
 * (or afresh with `flush`). Silent: the dialog shows a refusal in its place.
 */
export const getConversion = ({
  id,
  type,
  flush,
}: {
  id: string;
  type: ConvertTarget;
  flush?: boolean;
}): Promise<Conversion> =>
  request<Conversion>({
    host: 'case',
    path: `/api/caseRedis/convert/${encodeURIComponent(id)}`,
    query: { type, flush: flush ? 1 : undefined },
    silent: true,
  });

/**
 * POST /api/case/convert/result: the case's latest conversion (any type), in whatever state, with its files once
 * done; null when there is none.
 */
export const getConversionResult = ({ id }: { id: string }): Promise<Conversion | null> =>
  request<Conversion | null>({
    host: 'case',
    method: 'POST',
    path: '/api/case/convert/result',
    body: { id },
    silent: true,
  });

export const getConversionQueryKey = (id: string, type: ConvertTarget | null) =>
  [...CASES_KEY, 'convert', id, type ?? ''] as const;

/** The translation key of a failed call: the catalogue's for a refusal, the request layer's otherwise. */
export const errorKeyOf = (error: unknown): string | null =>
  error ? (error instanceof ApiError ? error.i18nKey : 'errors.generic.application') : null;

/** A request cancelled because the same one was sent again, or one that timed out, is simply asked again. */
const retryable = (count: number, error: unknown) =>
  error instanceof ApiError && (error.kind === 'duplicate' || error.kind === 'timeout') && count < 3;

/**
 * The conversion of the case to `type` once the person asked for it (null: not yet): asked every second while it
 * is queued or running. When it is done the case's detail (its file list) is refreshed. `restart` converts afresh
 * (`flush=1`) and shows the new job at once.
 */
export function useConversion(caseId: string, type: ConvertTarget | null) {
  const queryClient = useQueryClient();
  const queryKey = getConversionQueryKey(caseId, type);
  const query = useQuery({
    queryKey,
    queryFn: () => getConversion({ id: caseId, type: type! }),
    enabled: type !== null,
    retry: retryable,
    refetchInterval: (q) => (isActive(q.state.data) ? CONVERSION_POLL_MS : false),
  });
  const restart = useMutation({
    mutationFn: (target: ConvertTarget) => getConversion({ id: caseId, type: target, flush: true }),
    onSuccess: (job, target) => queryClient.setQueryData(getConversionQueryKey(caseId, target), job),
  });

  const done = query.data?.state === 'done' ? query.data.id : null;
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: getCaseDetailQueryKey(caseId) });
  }, [done, caseId, queryClient]);

  return { query, restart };
}

/**
 * The conversion the dialog opens on (null: none): the case's latest, so that reopening the dialog shows a running
 * job's progress or a finished one's files. Its answer is put in the cache of its type, so the job shows at once.
 */
export function useConversionOnOpen(caseId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...CASES_KEY, 'convert', caseId, 'open'] as const,
    queryFn: async (): Promise<ConvertTarget | null> => {
      const job = await getConversionResult({ id: caseId });
      if (!job || !isSelectable(job.type)) return null;
      queryClient.setQueryData(getConversionQueryKey(caseId, job.type), job);
      return job.type;
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Downloading converted files, like the case's other files: fetched with the caller's token, read as a stream for
 * the percentage, saved under the server's name.
 */
export function useConvertedDownloads() {
  const { progress, run } = useKeyedDownloads();
  const start = useCallback(
    (file: ConvertedFile): Promise<boolean> =>
      run(file.id, async (report) => {
        const got = await streamFile(
          (input, init) => globalThis.fetch(input, init),
          fileAddress(file.url, baseUrlFor('casefile')),
          {
            token: getToken(),
            fallbackName: safeFileName(file.name, `scan.${file.format}`),
            expectedSize: file.size,
            onProgress: report,
          },
        );
        saveBlob(got.blob, got.fileName);
      }),
    [run],
  );
  return { progress, start };
}
