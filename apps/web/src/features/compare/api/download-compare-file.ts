import { useCallback, useState } from 'react';
import type { CompareJob } from '@archway/contract';
import { DownloadFailed, fetchFile, saveBlob, serviceAddress } from '../../../shared/download.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** The coloured scan's address: the server's path is on the case service. */
export const compareFileAddress = (url: string): string => serviceAddress('case', url);

/**
 * GET /api/case/compare/{job}/file: the coloured PLY, fetched with the caller's token (a plain link would carry
 * none) and saved under the server's name. A refusal or a network failure becomes a toast.
 */
export function useCompareDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (file: NonNullable<CompareJob['file']>) => {
    setBusy(true);
    try {
      saveBlob(await fetchFile(compareFileAddress(file.url), { size: file.size }), file.name);
    } catch (error) {
      toast(
        error instanceof DownloadFailed && error.key
          ? error.message
          : translateOr('compare.downloadFailed', 'Download failed'),
      );
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
