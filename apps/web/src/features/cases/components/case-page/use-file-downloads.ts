import { useCallback } from 'react';
import { getToken } from '../../../../shared/auth/session.ts';
import { saveBlob } from '../../../../shared/download.ts';
import { baseUrlFor } from '../../../../shared/services.ts';
import { getCaseDownload, useKeyedDownloads } from '../../api/download-case.ts';
import { fileAddress } from '../../utils/files.ts';
import { safeFileName } from '../../utils/progress.ts';
import { streamFile } from '../../utils/stream.ts';

/**
 * One file of the case at a time: its address from `GET /download/{id}` (the server's download answer, audited as
 * one), then the file read as a stream for the percentage and saved under the server's name. `progress[fileId]`
 * is the running download's percentage.
 */
export function useCaseFileDownloads(caseId: string) {
  const { progress, run } = useKeyedDownloads();
  const start = useCallback(
    (file: { id: string; name: string; size: number; format: string; url?: string }) =>
      run(file.id, async (report) => {
        const url = file.url ?? (await getCaseDownload(caseId)).files.find((f) => f.id === file.id)?.url;
        if (!url) throw new Error('file not offered');
        const got = await streamFile(
          (input, init) => globalThis.fetch(input, init),
          fileAddress(url, baseUrlFor('casefile')),
          {
            token: getToken(),
            fallbackName: safeFileName(file.name, `scan.${file.format}`),
            expectedSize: file.size,
            onProgress: report,
          },
        );
        saveBlob(got.blob, got.fileName);
      }),
    [caseId, run],
  );
  return { progress, start };
}
