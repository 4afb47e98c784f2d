import { contentLength, downloadPercent, fileNameFrom } from './progress.ts';

export interface StreamedFile {
  blob: Blob;
  fileName: string;
  bytes: number;
}

/** A file answer that is not the file: the HTTP status and, when the body was an envelope, its catalogue key. */
export class FileRefusal extends Error {
  constructor(
    readonly status: number,
    readonly key: string | null,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'FileRefusal';
  }
}

/**
 * Fetches a file with the caller's token and reads it chunk by chunk, reporting the percentage as it goes
 * (`onProgress(null)` while the size is unknown), then 100 once the last byte is in.
 */
export async function streamFile(
  fetcher: typeof fetch,
  url: string,
  options: {
    token: string | null;
    fallbackName: string;
    /** The size the server announced, used when the answer has no Content-Length. */
    expectedSize?: number;
    signal?: AbortSignal;
    onProgress: (percent: number | null) => void;
  },
): Promise<StreamedFile> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetcher(url, { headers, signal: options.signal });
  if (!response.ok) throw await refusalOf(response);

  const total = contentLength(response.headers.get('Content-Length')) ?? options.expectedSize ?? null;
  const fileName = fileNameFrom(response.headers.get('Content-Disposition'), options.fallbackName);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  options.onProgress(downloadPercent(0, total));

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress(downloadPercent(received, total));
    }
  }
  options.onProgress(100);
  return { blob: new Blob(chunks, { type }), fileName, bytes: received };
}

export async function refusalOf(response: Response): Promise<FileRefusal> {
  let key: string | null = null;
  let code = response.status;
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as {
      errorCode?: number;
      errorMessage?: string;
      data?: { key?: unknown } | null;
    };
    if (typeof body.data?.key === 'string') key = body.data.key;
    if (typeof body.errorCode === 'number') code = body.errorCode;
    if (typeof body.errorMessage === 'string' && body.errorMessage) message = body.errorMessage;
  } catch {
    // Not JSON: the status says it.
  }
  return new FileRefusal(response.status, key, code, message);
}
