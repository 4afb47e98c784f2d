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

/** Hands a blob to the browser as a saved file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser take the file before the address goes.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

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
 * Downloading cases: the archive is fetched with the Authorization header and read as a stream so the ring can show
 * a percentage, then saved as a file; the case is then marked downloaded and the lists refresh. `progress[id]` is
 * the percentage of a running download (null while its size is unknown); absent when none runs.
 */
export function useCaseDownloads() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, number | null>>({});
  const running = useRef(new Set<string>());

  const start = useCallback(
    async (row: Pick<CaseRow, 'id' | 'patientName'>): Promise<boolean> => {
      if (running.current.has(row.id)) return false;
      running.current.add(row.id);
      const report = (percent: number | null) => setProgress((p) => ({ ...p, [row.id]: percent }));
      report(0);
      let ok = false;
      try {
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
        ok = true;
        return true;
      } catch (error) {
        const text = failureText(error);
        if (text) toast(text);
        return false;
      } finally {
        running.current.delete(row.id);
        const clear = () => {
          if (!running.current.has(row.id)) setProgress(({ [row.id]: _done, ...rest }) => rest);
        };
        // A finished ring stays at 100 % for a moment.
        if (ok) setTimeout(clear, DONE_RING_MS);
        else clear();
      }
    },
    [queryClient],
  );

  return { progress, start };
}
