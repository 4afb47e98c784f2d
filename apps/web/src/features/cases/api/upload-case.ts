import type { CaseOrder, OrderValues } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { LocalKeys, readLocal, writeLocal } from '../../../shared/storage-keys.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { FileRefusal, refusalOf } from '../utils/stream.ts';
import { downloadPercent } from '../utils/progress.ts';
import { fileAddress, uploadIdOf, uploadMetadata } from '../utils/files.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/**
 * Bytes per tus PATCH: 16 MB (was 4 MB; issue 35). Each PATCH costs the server a request, a lock and a read of the
 * upload's state, so fewer and larger PATCHes are cheaper; a broken PATCH loses nothing (the server keeps what
 * arrived and the next one goes on from its offset), and progress still moves every 16 MB. `archway-scan` sends 32 MB.
 */
export const UPLOAD_CHUNK = 16 * 1024 * 1024;
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

/** How long to wait before each new try of a dropped PATCH (then the import fails and can be started again). */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
/** A remembered upload older than this is not tried again (the server lets abandoned uploads expire). */
const REMEMBER_MS = 24 * 3600_000;

type Remembered = Record<string, { url: string; at: number }>;
function remembered(): Remembered {
  try {
    const all = JSON.parse(readLocal(LocalKeys.uploads) ?? '{}') as Remembered;
    return Object.fromEntries(Object.entries(all).filter(([, v]) => Date.now() - v.at < REMEMBER_MS));
  } catch {
    return {};
  }
}
function remember(key: string, url: string | null): void {
  const all = remembered();
  if (url) all[key] = { url, at: Date.now() };
  else delete all[key];
  writeLocal(LocalKeys.uploads, JSON.stringify(all));
}

const failed = (detail: string) => new FileRefusal(0, 'case.uploadFailed', 0, detail);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the server has the upload up to (tus HEAD), or null when it has no such upload any more. */
async function offsetOf(url: string): Promise<number | null> {
  const head = await fetch(url, { method: 'HEAD', headers: { ...TUS, ...authHeaders() }, cache: 'no-store' });
  if (head.status === 404 || head.status === 410) return null;
  const offset = head.headers.get('Upload-Offset');
  if (!head.ok || offset === null) throw await refusalOf(head);
  return Number(offset);
}

/**
 * One file through tus 1.0; answers the upload id. Resumable: an upload of the same bytes for the same device that
 * this browser started before (remembered under `key`, which names the device and the file's sha256) continues where
 * the server has it, and a dropped PATCH is tried again from the server's offset (RETRY_DELAYS_MS).
 */
async function sendFile(
  file: File,
  device: string,
  key: string,
  onBytes: (sent: number) => void,
): Promise<string> {
  const base = baseUrlFor('casefile');
  let url = remembered()[key]?.url ?? null;
  let offset = url ? await offsetOf(url).catch(() => null) : null;
  if (!url || offset === null) {
    const created = await fetch(fileAddress('/api/case/upload/', base), {
      method: 'POST',
      headers: {
        ...TUS,
        ...authHeaders(),
        'Upload-Length': String(file.size),
        'Upload-Metadata': uploadMetadata({ filename: file.name, device }),
      },
    }).catch(() => {
      throw failed('network');
    });
    const location = created.headers.get('Location');
    if (created.status !== 201 || !location) throw await refusalOf(created);
    url = fileAddress(location, base);
    offset = 0;
    remember(key, url);
  }
  onBytes(offset);

  let tries = 0;
  while (offset < file.size) {
    const chunk: Blob = file.slice(offset, offset + UPLOAD_CHUNK);
    const sent: Response | null = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...authHeaders(),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: chunk,
    }).catch(() => null);
    if (sent?.status === 204) {
      offset = Number(sent.headers.get('Upload-Offset') ?? offset + chunk.size);
      tries = 0;
      onBytes(offset);
      continue;
    }
    // A refusal that is not about the connection or the offset: no point trying again.
    if (sent && sent.status !== 409 && sent.status < 500) throw await refusalOf(sent);
    const delay = RETRY_DELAYS_MS[tries++];
    if (delay === undefined) throw sent ? await refusalOf(sent) : failed('network');
    await wait(delay);
    const now = await offsetOf(url).catch(() => offset);
    if (now === null) {
      remember(key, null);
      throw failed('upload expired');
    }
    offset = now;
  }
  const id = uploadIdOf(url);
  if (!id) throw failed('no upload id');
  return id;
}

export interface ImportCase {
  /** The serial of the device the case is sent with (its receivers get the case). */
  device: string;
  order: CaseOrder;
  /** The receiving labs' order-form values by field name (GET /api/order/forms lists their forms). */
  orderFields?: OrderValues;
  files: File[];
  /** The upload's percentage, 0–100. */
  onProgress?: (percent: number) => void;
}

/**
 * Imports a case from the web: every file through tus (casefile service), then `POST /api/case/upload/complete`
 * turns the uploads and the order into one case, routed like a scanner's upload. Plain devices only: the web does not
 * encrypt.
 */
export async function importCase({
  device,
  order,
  orderFields,
  files,
  onProgress,
}: ImportCase): Promise<{ id: string }> {
  const total = files.reduce((n, f) => n + f.size, 0);
  let done = 0;
  const uploaded: { uploadId: string; name: string; sha256: string }[] = [];
  const keys: string[] = [];
  onProgress?.(0);
  for (const file of files) {
    const sha256 = await sha256Hex(file);
    const key = `${device}:${sha256}:${file.size}`;
    keys.push(key);
    const uploadId = await sendFile(file, device, key, (sent) =>
      onProgress?.(downloadPercent(done + sent, total) ?? 0),
    );
    done += file.size;
    uploaded.push({ uploadId, name: file.name, sha256 });
  }
  const answer = await request<{ id: string }>({
    host: 'casefile',
    method: 'POST',
    path: '/api/case/upload/complete',
    body: { device, crypto: 0, order, files: uploaded, ...(orderFields ? { orderFields } : {}) },
    timeout: 60_000,
  });
  for (const key of keys) remember(key, null);
  onProgress?.(100);
  return answer;
}

export const useImportCase = (config?: MutationConfig<typeof importCase>) =>
  useCaseMutation(importCase, config);
