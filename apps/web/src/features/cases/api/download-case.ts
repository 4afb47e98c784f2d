import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CaseRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { ApiError } from '../../../shared/request.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { FileRefusal, streamFile } from '../utils/stream.ts';
import { safeFileName } from '../utils/progress.ts';
import { fileAddress } from '../utils/files.ts';
import { CASES_KEY } from './keys.ts';
import { saveBlob } from '../../../shared/download.ts';

export interface CaseDownload {
  files: { id: string; name: string; size: number; format: string; url: string }[];
  /** The zip of every file (casefile service). */
  archiveUrl: string;
  /** The files' total size in bytes. */
  size: number;
}

/** GET /download/{id}: the case's files and its archive address. */
export const getCaseDownload = (id: string): Promise<CaseDownload> =>
  request<CaseDownload>({ host: 'case', path: `/download/${encodeURIComponent(id)}` });

/** GET /download/callback?id=: the case counts as downloaded by the caller's organization. */
export const confirmDownload = (id: string): Promise<CaseRow> =>
  request<CaseRow>({ host: 'case', path: '/download/callback', query: { id } });

/** How long a finished download's ring stays at 100 %. */
export const DONE_RING_MS = 1500;

/** The text of a failed download: the catalogue's for a refusal, else a plain "could not download". */
export function failureText(error: unknown): string | null {
  if (error instanceof ApiError) return null; // The request layer has shown it already.
  if (error instanceof FileRefusal) {
    if (error.key) return translateOr(`errors.${error.key}`, error.message);
    if (error.status === 401) return translateOr('errors.generic.sessionExpired', error.message);
  }
  return translateOr('cases.download.failed', 'The case could not be downloaded.');
}

/**
 * Downloads keyed by an id, one at a time for each: `run(key, task)` reports 0 at once, then whatever `task`
 * reports; a failure becomes a toast (unless the request layer showed it already). `progress[key]` is the running
 * download's percentage (null while its size is unknown); absent when none runs. A finished one stays at 100 % for
 * a moment.
 */
export function useKeyedDownloads() {
  const [progress, setProgress] = useState<Record<string, number | null>>({});
  const running = useRef(new Set<string>());

  const run = useCallback(
    async (
      key: string,
      task: (report: (percent: number | null) => void) => Promise<void>,
    ): Promise<boolean> => {
      if (running.current.has(key)) return false;
      running.current.add(key);
      const report = (percent: number | null) => setProgress((p) => ({ ...p, [key]: percent }));
      report(0);
      let ok = false;
      try {
        await task(report);
        ok = true;
        return true;
      } catch (error) {
        const text = failureText(error);
        if (text) toast(text);
        return false;
      } finally {
        running.current.delete(key);
        const clear = () => {
          if (!running.current.has(key)) setProgress(({ [key]: _done, ...rest }) => rest);
        };
        if (ok) setTimeout(clear, DONE_RING_MS);
        else clear();
      }
    },
    [],
  );

  return { progress, run };
}

/**
 * Downloading cases: the archive is fetched with the Authorization header and read as a stream so the ring can show
 * a percentage, then saved as a file; the case is then marked downloaded and the lists refresh.
 */
export function useCaseDownloads() {
  const queryClient = useQueryClient();
  const { progress, run } = useKeyedDownloads();

  const start = useCallback(
    (row: Pick<CaseRow, 'id' | 'patientName'>): Promise<boolean> =>
      run(row.id, async (report) => {
        const info = await getCaseDownload(row.id);
        const file = await streamFile(
          (input, init) => globalThis.fetch(input, init),
          fileAddress(info.archiveUrl, baseUrlFor('casefile')),
          {
            token: getToken(),
            fallbackName: safeFileName(`${row.patientName || 'case'}-${row.id.slice(0, 8)}.zip`, 'case.zip'),
            expectedSize: info.size,
            onProgress: report,
          },
        );
        saveBlob(file.blob, file.fileName);
        await confirmDownload(row.id);
        await queryClient.invalidateQueries({ queryKey: CASES_KEY });
      }),
    [queryClient, run],
  );

  return { progress, start };
}
