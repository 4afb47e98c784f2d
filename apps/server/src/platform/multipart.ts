import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FileErrors, sniffFileType, type ErrorDef, type FileType } from '@archway/contract';
import { AppError } from './errors.ts';

/** The largest file any form accepts (images and video: 20 MB, product §9); each call sets its own lower limit. */
export const MAX_FORM_FILE = 20 * 1024 * 1024;

/** `multipart/form-data` for the upload calls (avatar, licence, logo, pictures, video): one file, a few fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: MAX_FORM_FILE, fields: 10, fieldSize: 4096, parts: 12 },
  });
}

export interface ReceivedFile {
  bytes: Buffer;
  /** What the content is, by its first bytes. */
  type: FileType;
  /** The name the browser gave (shown, never used as a storage key). */
  name: string;
  /** The form's other fields. */
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  /** The form field that carries the file (`file`, `logo`, `video` …). */
  field: string;
  maxBytes: number;
  types: readonly FileType[];
  /** The call's own refusals, where the catalogue gives it some (else the `file.*` ones). */
  errors?: { format?: ErrorDef; tooLarge?: ErrorDef; missing?: ErrorDef };
}

/**
 * Reads the form: its fields and the one file, whole, into memory (at most `maxBytes`, 20 MB at most), then checks
 * the file's type by its content. Any refusal comes from the catalogue and nothing has been stored yet.
 */
export async function receiveFile(req: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedFile> {
  const errors = { ...FileErrors, ...opts.errors };
  if (!req.isMultipart()) throw new AppError(errors.missing);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: Math.min(opts.maxBytes, MAX_FORM_FILE) } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === opts.field && !file) {
        file = { bytes: await part.toBuffer(), name: part.filename || opts.field };
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new AppError(errors.tooLarge);
    if (code?.startsWith('FST_')) throw new AppError(errors.missing);
    throw err;
  }
  if (!file || file.bytes.length === 0) throw new AppError(errors.missing);
  if (file.bytes.length > opts.maxBytes) throw new AppError(errors.tooLarge);
  const type = sniffFileType(file.bytes.subarray(0, 16));
  if (!type || !opts.types.includes(type)) throw new AppError(errors.format);
  return { bytes: file.bytes, type, name: file.name.slice(0, 255), fields };
}
