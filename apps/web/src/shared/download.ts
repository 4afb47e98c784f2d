import { getToken } from './auth/session.ts';
import { translateOr } from './i18n/i18n.ts';
import type { Host } from './request.ts';
import { baseUrlFor } from './services.ts';

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

/** A file address as the server gave it: an absolute one stays, a path is on the named service. */
export function serviceAddress(service: Host, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return baseUrlFor(service).replace(/\/+$/, '') + (url.startsWith('/') ? url : `/${url}`);
}

/** The catalogue key of a refused file answer (the envelope's `data.key`), when the server sent one. */
async function refusalKey(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { data?: { key?: unknown } | null };
    return typeof body.data?.key === 'string' ? body.data.key : null;
  } catch {
    return null;
  }
}

/** A refused or failed file download; `message` is the catalogue's translated text when the server sent a key. */
export class DownloadFailed extends Error {
  constructor(
    message: string,
    readonly key: string | null,
  ) {
    super(message);
  }
}

/**
 * Fetches a file with the caller's token (a plain link would carry none), chunk by chunk so that `onProgress` gets
 * the percentage (of Content-Length, else `size`). A refusal throws DownloadFailed with the catalogue's text.
 */
export async function fetchFile(
  address: string,
  opts: { size?: number; type?: string; onProgress?: (percent: number) => void } = {},
): Promise<Blob> {
  const token = getToken();
  const response = await globalThis.fetch(address, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) {
    const key = await refusalKey(response);
    throw new DownloadFailed(key ? translateOr(`errors.${key}`, key) : `HTTP ${response.status}`, key);
  }
  const total = Number(response.headers.get('Content-Length')) || opts.size || 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      if (total) opts.onProgress?.(Math.min(99, Math.floor((received / total) * 100)));
    }
  }
  opts.onProgress?.(100);
  return new Blob(chunks, opts.type ? { type: opts.type } : {});
}
