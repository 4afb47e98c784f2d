import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FileErrors, sniffFileType, type ErrorDef, type FileType } from '@archway/contract';
import { AppError } from './errors.ts';

/** The largest file any form accepts (images and video: 20 MB, product §9); each call sets its own lower limit. */
export const MAX_FORM_FILE = 20 * 1024 * 1024;

/** What a form may hold besides its file: `fields` fields of at most `fieldSize` bytes, one file, `parts` parts. */
const FORM_LIMITS = { files: 1, fields: 10, fieldSize: 4096, parts: 12 } as const;

/**
 * The most a form's body may be beyond its file: every field at its largest, with each part's boundary and headers
 * (a generous 1 KiB a part). A body declared larger than the call's file limit plus this is refused before reading.
 */
export const FORM_OVERHEAD = FORM_LIMITS.parts * 1024 + FORM_LIMITS.fields * FORM_LIMITS.fieldSize;

/** `multipart/form-data` for the upload calls (avatar, licence, logo, pictures, video): one file, a few fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { ...FORM_LIMITS, fileSize: MAX_FORM_FILE } });
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
 * the file's type by its content. Any refusal comes from the catalogue and nothing has been stored yet: a body
 * declared larger than the file limit allows is "too large" before any of it is read; more than one file is "too
 * many files", more than FORM_LIMITS.fields fields (or parts) "too many fields". A refusal made before the body's end
 * leaves the rest to the error handler, which reads and drops it within bounds so the connection stays usable
 * (`error-handler.ts` settleUnreadBody).
 */
export async function receiveFile(req: FastifyRequest, opts: ReceiveOptions): Promise<ReceivedFile> {
  const errors = { ...FileErrors, ...opts.errors };
  if (!req.isMultipart()) throw new AppError(errors.missing);
  const limit = Math.min(opts.maxBytes, MAX_FORM_FILE);
  if (Number(req.headers['content-length']) > limit + FORM_OVERHEAD) throw new AppError(errors.tooLarge);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: limit } })) {
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(errors.tooLarge);
    // Too many files or fields is not about the file's size: said as what it is, the same for every call.
    if (code === 'FST_FILES_LIMIT') throw new AppError(FileErrors.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(FileErrors.tooManyFields);
    if (code?.startsWith('FST_')) throw new AppError(errors.missing);
    throw err;
  }
  if (!file || file.bytes.length === 0) throw new AppError(errors.missing);
  if (file.bytes.length > opts.maxBytes) throw new AppError(errors.tooLarge);
  const type = sniffFileType(file.bytes.subarray(0, 16));
  if (!type || !opts.types.includes(type)) throw new AppError(errors.format);
  return { bytes: file.bytes, type, name: file.name.slice(0, 255), fields };
}
