import { randomBytes } from 'node:crypto';

/** A file part of a test form. */
export interface FormFile {
  field: string;
  name: string;
  bytes: Uint8Array;
  /** The declared type (the server ignores it and checks the content). */
  type?: string;
}

/**
 * A `multipart/form-data` body for `app.inject`: `{ payload, headers }` (spread the headers with the caller's own).
 * Fields first, then the file, as browsers send them.
 */
export function formData(fields: Record<string, string>, file?: FormFile) {
  const boundary = `----archway${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Small valid files of each accepted type (by their first bytes), padded to `size` bytes. */
export const sample = {
  png: (size = 64) =>
    pad([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], size),
  jpg: (size = 64) => pad([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1], size),
  gif: (size = 64) => pad([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0], size),
  pdf: (size = 64) => pad([...Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')], size),
  mp4: (size = 64) => pad([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0], size),
  text: (size = 64) => pad([...Buffer.from('just some text, not an image\n')], size),
};

function pad(head: number[], size: number): Uint8Array {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  for (let i = head.length; i < out.length; i++) out[i] = i % 251;
  return out;
}
