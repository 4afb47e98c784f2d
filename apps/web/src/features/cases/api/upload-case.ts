import type { CaseOrder } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { FileRefusal, refusalOf } from '../utils/stream.ts';
import { downloadPercent } from '../utils/progress.ts';
import { fileAddress, uploadIdOf, uploadMetadata } from '../utils/files.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** Bytes per tus PATCH. */
export const UPLOAD_CHUNK = 4 * 1024 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };

/** A file's SHA-256 in hex (the server checks the bytes it received against it). */
export async function sha256Hex(file: Blob): Promise<string> {
  if (!globalThis.crypto?.subtle)
    throw new FileRefusal(0, 'case.uploadFailed', 0, 'no Web Crypto (https needed)');
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** One file through tus 1.0 (create, then PATCH chunk by chunk); answers the upload id. */
async function sendFile(file: File, device: string, onBytes: (sent: number) => void): Promise<string> {
  const base = baseUrlFor('casefile');
  const created = await fetch(fileAddress('/api/case/upload/', base), {
    method: 'POST',
    headers: {
      ...TUS,
      ...authHeaders(),
      'Upload-Length': String(file.size),
      'Upload-Metadata': uploadMetadata({ filename: file.name, device }),
    },
  });
  const location = created.headers.get('Location');
  if (created.status !== 201 || !location) throw await refusalOf(created);
  const url = fileAddress(location, base);

  let offset = 0;
  while (offset < file.size) {
    const chunk = file.slice(offset, offset + UPLOAD_CHUNK);
    const sent = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...authHeaders(),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: chunk,
    });
    if (sent.status !== 204) throw await refusalOf(sent);
    offset = Number(sent.headers.get('Upload-Offset') ?? offset + chunk.size);
    onBytes(offset);
  }
  const id = uploadIdOf(url);
  if (!id) throw new FileRefusal(0, 'case.uploadFailed', 0, 'no upload id');
  return id;
}

export interface ImportCase {
  /** The serial of the device the case is sent with (its receivers get the case). */
  device: string;
  order: CaseOrder;
  files: File[];
  /** The upload's percentage, 0–100. */
  onProgress?: (percent: number) => void;
}

/**
 * Imports a case from the web: every file through tus (casefile service), then `POST /api/case/upload/complete`
 * turns the uploads and the order into one case, routed like a scanner's upload. Plain devices only: the web does not
 * encrypt.
 */
export async function importCase({ device, order, files, onProgress }: ImportCase): Promise<{ id: string }> {
  const total = files.reduce((n, f) => n + f.size, 0);
  let done = 0;
  const uploaded: { uploadId: string; name: string; sha256: string }[] = [];
  onProgress?.(0);
  for (const file of files) {
    const sha256 = await sha256Hex(file);
    const uploadId = await sendFile(file, device, (sent) =>
      onProgress?.(downloadPercent(done + sent, total) ?? 0),
    );
    done += file.size;
    uploaded.push({ uploadId, name: file.name, sha256 });
  }
  const answer = await request<{ id: string }>({
    host: 'casefile',
    method: 'POST',
    path: '/api/case/upload/complete',
    body: { device, crypto: 0, order, files: uploaded },
    timeout: 60_000,
  });
  onProgress?.(100);
  return answer;
}

export const useImportCase = (config?: MutationConfig<typeof importCase>) =>
  useCaseMutation(importCase, config);
