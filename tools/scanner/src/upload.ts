import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Upload, type DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import {
  CaseErrors,
  detectScanFormat,
  type CaseOrder,
  type OrderValues,
  type ScanFormat,
} from '@archway/contract';
import { ApiError, complete, Session, urlOf, usableDevice, type Api, type CompleteBody } from './api.ts';
import { encryptFile, hashFile, matchesKeyCheck } from './crypto.ts';
import { CliError, ExitCode } from './errors.ts';
import { formatBytes, Progress, type ProgressMode, type Writer } from './progress.ts';
import { JsonUrlStorage, keyName, lockState, readJson, StateLockedError, writeJsonAtomic } from './state.ts';

export interface UploadRequest {
  server: string;
  user: string;
  password: string;
  device: string;
  order: CaseOrder;
  /** The receiving labs' order-form values (`--field NAME=VALUE`). */
  orderFields?: OrderValues;
  files: string[];
  /** The device's management code (devices that encrypt). */
  code?: string;
  stateDir: string;
  progress: ProgressMode;
  /** Bytes per PATCH request (default 32 MiB). */
  chunkSize?: number;
  /** A pause before each tus request (tests slow an upload down with it to interrupt it). */
  requestDelayMs?: number;
  signal?: AbortSignal;
}

/** Files per case (the complete call's limit). */
export const MAX_FILES = 20;

export interface ScanFile {
  path: string;
  name: string;
  size: number;
  mtimeMs: number;
  format: ScanFormat;
}

/** Each file exists, is a non-empty regular file and is a PLY, STL or OBJ scan by its content (not its name). */
export async function checkFiles(files: string[]): Promise<ScanFile[]> {
  if (!files.length) throw new CliError(ExitCode.usage, 'no scan files given (PLY, STL or OBJ)');
  if (files.length > MAX_FILES) {
    throw new CliError(ExitCode.usage, `${files.length} files given: a case takes at most ${MAX_FILES}`);
  }
  const out: ScanFile[] = [];
  const names = new Set<string>();
  for (const file of files) {
    const abs = path.resolve(file);
    let info;
    try {
      info = await stat(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(
        ExitCode.file,
        code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? String(err)})`,
      );
    }
    if (!info.isFile()) throw new CliError(ExitCode.file, `${file}: not a regular file`);
    if (info.size === 0) throw new CliError(ExitCode.file, `${file}: empty file`);
    const head = Buffer.alloc(Math.min(info.size, 4096));
    const fh = await open(abs, 'r').catch((err: NodeJS.ErrnoException) => {
      throw new CliError(ExitCode.file, `${file}: cannot read (${err.code ?? err.message})`);
    });
    try {
      await fh.read(head, 0, head.length, 0);
    } finally {
      await fh.close();
    }
    const format = detectScanFormat(head, info.size);
    if (!format)
      throw new CliError(ExitCode.file, `${file}: not a PLY, STL or OBJ scan (checked by its content)`);
    const name = path.basename(abs);
    if (names.has(name)) throw new CliError(ExitCode.file, `${file}: two files are named ${name}`);
    names.add(name);
    out.push({ path: abs, name, size: info.size, mtimeMs: info.mtimeMs, format });
  }
  return out;
}

/** What goes over the wire for one file: the file itself, or its encrypted copy under the state directory. */
interface Prepared {
  name: string;
  uploadPath: string;
  size: number;
  sha256: string;
  /** The tus fingerprint: this user, server, device, source file (path, size, mtime) and the exact bytes. */
  fingerprint: string;
  /** Files to delete once the case exists. */
  cleanup: string[];
}

interface PreparedMeta {
  uploadPath: string;
  size: number;
  sha256: string;
  keyCheck?: string;
}

async function prepare(
  req: UploadRequest,
  file: ScanFile,
  encrypt: boolean,
  progress: Progress,
): Promise<Prepared> {
  const key = keyName(
    [req.server, req.user, req.device, file.path, file.size, file.mtimeMs, encrypt ? 'enc' : 'plain'].join(
      '\n',
    ),
  );
  const dir = path.join(req.stateDir, 'prepared');
  const metaFile = path.join(dir, `${key}.json`);
  const meta = await readJson<PreparedMeta>(metaFile);
  const done = (m: PreparedMeta): Prepared => ({
    name: file.name,
    uploadPath: m.uploadPath,
    size: m.size,
    sha256: m.sha256,
    fingerprint: `archway-scan:${key}:${m.sha256}`,
    cleanup: encrypt ? [metaFile, m.uploadPath] : [metaFile],
  });

  if (!encrypt) {
    if (meta && meta.uploadPath === file.path && meta.size === file.size) return done(meta);
    const { sha256, size } = await hashFile(file.path);
    const m = { uploadPath: file.path, size, sha256 };
    await writeJsonAtomic(metaFile, m);
    return done(m);
  }

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const encPath = path.join(dir, `${key}.awenc`);
  if (meta?.keyCheck && meta.uploadPath === encPath) {
    const present = await stat(encPath).catch(() => undefined);
    if (present?.size === meta.size && (await matchesKeyCheck(encPath, req.code!, meta.keyCheck))) {
      return done(meta);
    }
    progress.note(`${file.name}: the management code differs from the last run's: encrypting again`);
  }
  progress.note(`${file.name}: encrypting ${formatBytes(file.size)}`);
  const written = await encryptFile(file.path, encPath, req.code!);
  const m = { uploadPath: encPath, size: written.size, sha256: written.sha256, keyCheck: written.keyCheck };
  await writeJsonAtomic(metaFile, m);
  return done(m);
}

/** The server's own words from a tus answer (the envelope's errorMessage), else the HTTP status. */
function tusRefusal(err: DetailedError | Error): { status?: number; message: string; errorCode?: number } {
  const res = (err as DetailedError).originalResponse;
  if (!res) {
    const cause = (err as DetailedError).causingError;
    return { message: cause?.message ?? err.message };
  }
  const status = res.getStatus();
  try {
    const env = JSON.parse(res.getBody()) as { errorMessage?: string; errorCode?: number };
    if (env.errorMessage) return { status, message: env.errorMessage, errorCode: env.errorCode };
  } catch {
    // not JSON
  }
  return { status, message: `HTTP ${status}${res.getBody() ? `: ${res.getBody().slice(0, 200)}` : ''}` };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Uploads one prepared file through tus, resuming a stored upload of the same bytes. Returns the upload id. */
async function sendFile(
  req: UploadRequest,
  api: Session,
  file: Prepared,
  storage: JsonUrlStorage,
  progress: Progress,
): Promise<string> {
  const endpoint = urlOf(req.server, '/api/case/upload/');
  let resumedAt = 0;
  const upload = new Upload(createReadStream(file.uploadPath) as never, {
    endpoint,
    metadata: { filename: file.name, device: req.device },
    chunkSize: req.chunkSize ?? 32 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000],
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: false,
    urlStorage: storage,
    fingerprint: async () => file.fingerprint,
    onBeforeRequest: async (r: HttpRequest) => {
      if (req.requestDelayMs) await sleep(req.requestDelayMs);
      r.setHeader('Authorization', `Bearer ${await api.bearer()}`);
    },
    // A refused token (401) is renewed and the request tried again; otherwise tus's rule: retry what is not a
    // client error (network, 5xx), and 409/423 (an offset mismatch, a lock still held after a broken connection).
    onShouldRetry: (err: DetailedError, attempt: number) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        api.invalidate();
        return attempt < 2;
      }
      return !(status >= 400 && status < 500) || status === 409 || status === 423;
    },
    onAfterResponse: (r: HttpRequest, res: HttpResponse) => {
      if (r.getMethod() === 'HEAD' && res.getStatus() < 300) {
        resumedAt = Number(res.getHeader('Upload-Offset') ?? 0) || 0;
        progress.start(file.name, resumedAt);
      }
    },
    onProgress: (sent) => progress.update(file.name, sent),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  else progress.start(file.name, 0);

  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      void upload.abort(false);
      reject(new CliError(ExitCode.interrupted, 'interrupted: run the same command again to resume'));
    };
    if (req.signal?.aborted) return onAbort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    upload.options.onSuccess = () => {
      req.signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    upload.options.onError = (err) => {
      req.signal?.removeEventListener('abort', onAbort);
      const cause = (err as DetailedError).causingError;
      if (cause instanceof ApiError) {
        // Signing in again (a token near its end) failed.
        try {
          mapApiError(cause, `uploading ${file.name}`);
        } catch (mapped) {
          return reject(mapped);
        }
      }
      const r = tusRefusal(err);
      if (r.status === undefined || r.status >= 500 || r.status === 423) {
        reject(
          new CliError(
            ExitCode.network,
            `uploading ${file.name} failed: ${r.message}; run the same command again to resume`,
          ),
        );
      } else if (r.errorCode === CaseErrors.deviceNotUsable.code) {
        reject(new CliError(ExitCode.device, `uploading ${file.name}: ${r.message}`));
      } else {
        reject(new CliError(ExitCode.refused, `the server refused ${file.name}: ${r.message}`));
      }
    };
    upload.start();
  });
  progress.finish(file.name, resumedAt);
  const id = new URL(upload.url!).pathname.split('/').filter(Boolean).pop();
  if (!id) throw new CliError(ExitCode.refused, `the server gave ${file.name} no upload id (${upload.url})`);
  return id;
}

/**
 * When an earlier run of the same command asked for the case (and may have lost the answer), asks again with the
 * same uploads: the server answers the case it made. Undefined when those uploads are gone without a case (then
 * this run uploads as usual).
 */
async function completeEarlierRun(
  req: UploadRequest,
  api: Api,
  jobFile: string,
  crypto: 0 | 1,
  progress: Progress,
): Promise<string | undefined> {
  const job = await readJson<{ files: CompleteBody['files'] }>(jobFile);
  if (!job?.files?.length) return undefined;
  try {
    const id = await complete(api, { ...completeFields(req, crypto), files: job.files });
    progress.note('the files were uploaded by an earlier run: the case is there');
    return id;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'refused' && err.errorCode === CaseErrors.uploadFailed.code) {
      await rm(jobFile, { force: true });
      return undefined;
    }
    return mapApiError(err, 'creating the case');
  }
}

/** What the complete call sends besides the files. */
const completeFields = (req: UploadRequest, crypto: 0 | 1) => ({
  device: req.device,
  crypto,
  order: req.order,
  ...(req.orderFields ? { orderFields: req.orderFields } : {}),
});

/** A failed call as the command's message and exit code. */
export function mapApiError(err: unknown, what: string): never {
  if (err instanceof ApiError) {
    if (err.kind === 'network') {
      throw new CliError(ExitCode.network, `${what}: ${err.message}; run the same command again to resume`);
    }
    if (err.kind === 'signIn') throw new CliError(ExitCode.signIn, err.message);
    if (err.errorCode === CaseErrors.deviceNotUsable.code) throw new CliError(ExitCode.device, err.message);
    throw new CliError(ExitCode.refused, `${what}: ${err.message}`);
  }
  throw err;
}

/**
 * The `upload` command: checks the files, signs in, checks the device, encrypts when the device does, uploads each
 * file (resuming what an earlier run left), then creates the case. Returns the case id.
 */
export async function uploadCase(req: UploadRequest, stderr: Writer): Promise<string> {
  const files = await checkFiles(req.files);
  const progress = new Progress(stderr, req.progress);
  let unlock: () => Promise<void>;
  try {
    unlock = await lockState(req.stateDir);
  } catch (err) {
    if (err instanceof StateLockedError) throw new CliError(ExitCode.failure, err.message);
    throw err;
  }
  try {
    const api = new Session(req.server, req.user, req.password);
    await api.bearer().catch((e) => mapApiError(e, 'sign-in'));
    const device = await usableDevice(api, req.device).catch((e) => mapApiError(e, 'device lookup'));
    if (!device) {
      throw new CliError(
        ExitCode.device,
        `device ${req.device} is not one ${req.user} may upload with (it must be your organization's, lent to it ` +
          `and not expired, or yours as a device user within your window)`,
      );
    }
    const encrypt = device.encryptType === 2;
    if (encrypt && !req.code) {
      throw new CliError(
        ExitCode.usage,
        `device ${req.device} encrypts its scans: pass its management code with --code CODE`,
      );
    }
    if (!encrypt && req.code) progress.note(`device ${req.device} does not encrypt: --code is not used`);

    const prepared: Prepared[] = [];
    for (const f of files) prepared.push(await prepare(req, f, encrypt, progress));
    progress.plan(prepared);

    const storage = new JsonUrlStorage(path.join(req.stateDir, 'uploads.json'));
    const crypto = encrypt ? 1 : 0;
    // The case this command makes: an earlier run that got as far as asking for it left its upload ids here.
    const jobFile = path.join(
      req.stateDir,
      'jobs',
      `${keyName(
        JSON.stringify([
          req.server,
          req.user,
          req.device,
          crypto,
          req.order,
          prepared.map((p) => [p.name, p.sha256]),
          ...(req.orderFields ? [req.orderFields] : []),
        ]),
      )}.json`,
    );
    let id = await completeEarlierRun(req, api, jobFile, crypto, progress);
    if (!id) {
      const sent: CompleteBody['files'] = [];
      for (const p of prepared) {
        const uploadId = await sendFile(req, api, p, storage, progress);
        sent.push({ uploadId, name: p.name, sha256: p.sha256 });
      }
      progress.end();
      // Remembered before asking: if the answer is lost, the next run asks again for these very uploads (the server
      // answers the same case) instead of uploading anew.
      await writeJsonAtomic(jobFile, { files: sent });
      id = await complete(api, { ...completeFields(req, crypto), files: sent }).catch((e) =>
        mapApiError(e, 'creating the case'),
      );
    }

    // The case exists: forget the uploads and drop the encrypted copies.
    await storage.forget(prepared.map((p) => p.fingerprint));
    for (const p of prepared) for (const f of p.cleanup) await rm(f, { force: true });
    await rm(jobFile, { force: true });
    return id;
  } finally {
    progress.end();
    await unlock();
  }
}
