import { useCallback, useState } from 'react';
import type { CompareJob } from '@archway/contract';
import { getToken } from '../../../shared/auth/session.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** A file address as the server gave it: an absolute one stays, a path is on the case service. */
export function compareFileAddress(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return baseUrlFor('case').replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);
}

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

/** The catalogue key of a refused file download (the envelope's `data.key`), when the server sent one. */
async function refusalKey(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { data?: { key?: unknown } | null };
    return typeof body.data?.key === 'string' ? body.data.key : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/case/compare/{job}/file: the coloured PLY, fetched with the caller's token (a plain link would carry
 * none) and saved under the server's name. A refusal or a network failure becomes a toast.
 */
export function useCompareDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (file: NonNullable<CompareJob['file']>) => {
    setBusy(true);
    try {
      const token = getToken();
      const response = await fetch(compareFileAddress(file.url), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) {
        const key = await refusalKey(response);
        toast(
          key
            ? translateOr(`errors.${key}`, translateOr('compare.downloadFailed', 'Download failed'))
            : translateOr('compare.downloadFailed', 'Download failed'),
        );
        return;
      }
      saveBlob(await response.blob(), file.name);
    } catch {
      toast(translateOr('compare.downloadFailed', 'Download failed'));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
