import { useCallback, useState } from 'react';
import type { ModelFile } from '@archway/contract';
import { DownloadFailed, fetchFile, saveBlob, serviceAddress } from '../../../shared/download.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** A model file's address: the server's path is on the case-file service. */
export const modelFileAddress = (url: string): string => serviceAddress('casefile', url);

/** Model downloads by file id (with the caller's token, a percentage): `progress[id]` while one runs; a failure becomes a toast. */
export function useModelDownloads() {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const start = useCallback(async (file: ModelFile) => {
    setProgress((p) => ({ ...p, [file.id]: 0 }));
    try {
      const blob = await fetchFile(modelFileAddress(file.url), {
        size: file.size,
        type: 'model/stl',
        onProgress: (percent) => setProgress((p) => ({ ...p, [file.id]: percent })),
      });
      saveBlob(blob, file.name);
    } catch (error) {
      toast(
        error instanceof DownloadFailed && error.key
          ? error.message
          : translateOr('models.builder.downloadFailed', 'The model could not be downloaded.'),
      );
    } finally {
      setProgress(({ [file.id]: _done, ...rest }) => rest);
    }
  }, []);
  return { progress, start };
}
