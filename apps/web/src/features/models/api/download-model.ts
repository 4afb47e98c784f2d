import { useCallback, useState } from 'react';
import type { ModelFile } from '@archway/contract';
import { getToken } from '../../../shared/auth/session.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** A file address as the server gave it: absolute stays, a path is on the case-file service. */
export const modelFileAddress = (url: string): string =>
  /^https?:\/\//i.test(url)
    ? url
    : baseUrlFor('casefile').replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);

/** Hands a blob to the browser as a saved file. */
function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The catalogue key of a refused file answer (the envelope's `data.key`), if it was one. */
async function refusalKey(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { data?: { key?: unknown } | null };
    return typeof body.data?.key === 'string' ? body.data.key : null;
  } catch {
    return null;
  }
}

/**
 * Fetches a model file with the caller's token (a link cannot send it), reading it chunk by chunk for the
 * percentage, and saves it under its own name.
 */
export async function downloadModelFile(
  file: ModelFile,
  onProgress: (percent: number) => void,
): Promise<void> {
  const token = getToken();
  const response = await globalThis.fetch(modelFileAddress(file.url), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) {
    const key = await refusalKey(response);
    throw new Error(key ? translateOr(`errors.${key}`, key) : `HTTP ${response.status}`);
  }
  const total = Number(response.headers.get('Content-Length')) || file.size || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      if (total) onProgress(Math.min(99, Math.floor((received / total) * 100)));
    }
  }
  onProgress(100);
  saveBlob(new Blob(chunks, { type: 'model/stl' }), file.name);
}

/** Model downloads by file id: `progress[id]` while one runs; a failure becomes a toast. */
export function useModelDownloads() {
  const [progress, setProgress] = useState<Record<string, number>>({});
  const start = useCallback(async (file: ModelFile) => {
    setProgress((p) => ({ ...p, [file.id]: 0 }));
    try {
      await downloadModelFile(file, (percent) => setProgress((p) => ({ ...p, [file.id]: percent })));
    } catch (error) {
      toast(
        error instanceof Error && error.message && !error.message.startsWith('HTTP')
          ? error.message
          : translateOr('models.builder.downloadFailed', 'The model could not be downloaded.'),
      );
    } finally {
      setProgress(({ [file.id]: _done, ...rest }) => rest);
    }
  }, []);
  return { progress, start };
}
