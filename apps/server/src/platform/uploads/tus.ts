import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, EVENTS, Server, type Upload } from '@tus/server';
import type { StorageConfig } from '../../config.ts';
import type { StagedUpload } from '../storage/storage.ts';
import { PgLocker } from './pg-locker.ts';
import { ReceivedBytes, type ReceivedDigest } from './received.ts';
import { writeGathered } from './file-write.ts';
import { patchFromNodeRequest, receiveInto } from './direct-patch.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** An upload's id as `namingFunction` makes it (a UUID): nothing else names a staged file. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `stream` with each chunk shown to `seen` on its way through (an error or an early end passes on as well). */
function tapped(stream: Readable, seen: (chunk: Buffer) => void): Readable {
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen(chunk);
      done(null, chunk);
    },
  });
  pipeline(stream, tap, () => undefined);
  return tap;
}

/** The header the API sets (never the client: it is removed first) to tell tus who creates an upload. */
export const OWNER_HEADER = 'x-archway-upload-owner';

export interface Uploads {
  server: Server;
  /** The upload's state (size, offset, metadata), or undefined when there is none (never made, expired, removed). */
  info(id: string): Promise<Upload | undefined>;
  /** The uploaded bytes. */
  read(id: string): Promise<Readable>;
  /**
   * The first `headBytes`, size and sha256 of a finished upload of `size` bytes, hashed as this process received
   * them (`received.ts`), or undefined when this process did not receive it whole (then read it).
   */
  received(id: string, size: number): ReceivedDigest | undefined;
  /** Where a finished upload's bytes are staged, for Storage.adopt (no copy through the server when it can). */
  staged(upload: Upload): StagedUpload;
  remove(id: string): Promise<void>;
  /** Removes uploads abandoned for longer than the expiry. */
  cleanUpExpired(): Promise<number>;
  /** Closes the lock's idle database sessions. */
  close(): Promise<void>;
}

/**
 * tus 1.0 (creation, termination, expiration) at `path`. Uploads are staged where the files end up: in a directory
 * under DATA_DIR next to local storage, or in the S3 bucket itself. The lock is PostgreSQL's (so several processes can
 * serve PATCHes of one upload).
 */
export async function createUploads(opts: {
  path: string;
  storage: StorageConfig;
  dataDir: string;
  databaseUrl: string;
  maxSize: number;
  expiryMs: number;
  /** The web app's origin (PUBLIC_URL): the only one tus answers CORS for, as the rest of the API (platform/cors). */
  webOrigin: string;
  /** The app's metrics: uploads created, finished, being received, and the bytes received. */
  metrics?: Metrics;
  /** How many first bytes `received` keeps of each upload (the completion's format check reads them). */
  headBytes?: number;
}): Promise<Uploads> {
  const s3 =
    opts.storage.kind === 's3'
      ? {
          bucket: opts.storage.bucket,
          region: opts.storage.region,
          forcePathStyle: opts.storage.forcePathStyle,
          ...(opts.storage.endpoint ? { endpoint: opts.storage.endpoint } : {}),
          ...(opts.storage.credentials ? { credentials: opts.storage.credentials } : {}),
          // As for storage: many S3-compatible servers refuse the newer checksum headers.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : undefined;
  // The S3 SDK (tens of MiB) is loaded only when the files live in S3.
  const aws = s3
    ? await Promise.all([import('@aws-sdk/client-s3'), import('@tus/s3-store')]).then(([sdk, store]) => ({
        ...sdk,
        S3Store: store.S3Store,
      }))
    : undefined;
  const datastore =
    s3 && aws
      ? new aws.S3Store({ expirationPeriodInMilliseconds: opts.expiryMs, s3ClientConfig: s3 })
      : new FileStore({
          directory: path.resolve(opts.dataDir, 'uploads'),
          expirationPeriodInMilliseconds: opts.expiryMs,
        });
  const client = s3 && aws ? new aws.S3Client(s3) : undefined;
  const metrics = opts.metrics;
  const directory = path.resolve(opts.dataDir, 'uploads');
  const received = new ReceivedBytes(opts.headBytes ?? 64 * 1024);
  // Every PATCH's bytes go through the store's write, which answers the new offset (an interrupted PATCH too: tus
  // ends the stream and the store keeps what arrived). On the way they are hashed (`received`), and on local disk
  // written in large gathered writes (`file-write.ts`) rather than one per socket chunk.
  const storeWrite = datastore.write.bind(datastore);
  /** One write of a PATCH body from `offset` (`write` answers the new offset), counted and hashed on the way. */
  const tracked = async (
    id: string,
    offset: number,
    write: (seen: ((chunk: Buffer) => void) | undefined) => Promise<number>,
  ) => {
    metrics?.uploadReceiving(1);
    const seen = received.begin(id, offset);
    let end: number | undefined;
    try {
      end = await write(seen);
      metrics?.uploadBytes(end - offset);
      return end;
    } finally {
      received.end(id, end);
      metrics?.uploadReceiving(-1);
    }
  };
  datastore.write = (stream: Readable, id: string, offset: number) =>
    tracked(id, offset, async (seen) => {
      if (datastore instanceof FileStore) {
        if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
        return writeGathered(path.join(directory, id), stream, offset, seen).catch(() => {
          throw ERRORS.FILE_WRITE_ERROR;
        });
      }
      return storeWrite(seen ? tapped(stream, seen) : stream, id, offset);
    });
  /**
   * The S3 store cannot remove a finished upload (it aborts the multipart upload first, S3 answers NoSuchUpload,
   * and the store does not recognise the SDK's error): its objects are deleted here instead.
   */
  const removeFinished = async (id: string) => {
    if (!client || !s3 || !aws) throw new Error(`upload ${id} could not be removed`);
    await client.send(
      new aws.DeleteObjectsCommand({
        Bucket: s3.bucket,
        Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
      }),
    );
  };
  const locker = new PgLocker(opts.databaseUrl);
  const server = new Server({
    path: opts.path,
    datastore,
    locker,
    maxSize: opts.maxSize,
    relativeLocation: true,
    respectForwardedHeaders: false,
    allowedOrigins: (origin) => origin === opts.webOrigin,
    namingFunction: () => randomUUID(),
    async onUploadCreate(req, upload) {
      const owner = req.headers.get(OWNER_HEADER);
      if (!owner) throw { status_code: 401, body: 'Session expired: please log in again\n' };
      return { metadata: { ...upload.metadata, owner } };
    },
  });
  // On local disk a PATCH body goes from the socket to the file without tus's web-stream round trip
  // (`direct-patch.ts`); the S3 store keeps tus's own path.
  if (datastore instanceof FileStore)
    patchFromNodeRequest(server, (req, upload, maxBodySize, signal) =>
      tracked(upload.id, upload.offset, async (seen) => {
        if (!UPLOAD_ID.test(upload.id)) throw ERRORS.FILE_NOT_FOUND;
        return receiveInto(path.join(directory, upload.id), req, upload.offset, {
          limit: maxBodySize,
          seen,
          signal,
        });
      }).catch((err: unknown) => {
        // tus's own refusals (413 over the size, 404, 400 aborted) as they are; anything else is a failed write.
        throw err && typeof err === 'object' && 'status_code' in err ? err : ERRORS.FILE_WRITE_ERROR;
      }),
    );
  if (metrics) {
    server.on(EVENTS.POST_CREATE, () => metrics.uploadCreated());
    server.on(EVENTS.POST_FINISH, () => metrics.uploadFinished());
  }
  return {
    server,
    async info(id) {
      try {
        return await datastore.getUpload(id);
      } catch {
        return undefined;
      }
    },
    read: async (id) => datastore.read(id) as Readable,
    received: (id, size) => received.digest(id, size),
    staged: (upload) => ({
      size: upload.size ?? upload.offset,
      read: async () => datastore.read(upload.id) as Readable,
      ...(s3
        ? { bucket: s3.bucket, bucketKey: upload.id }
        : { file: upload.storage?.path ?? path.resolve(opts.dataDir, 'uploads', upload.id) }),
    }),
    remove: (id) => {
      received.forget(id);
      return datastore.remove(id).catch(() => removeFinished(id));
    },
    cleanUpExpired: () => datastore.deleteExpired(),
    close: () => locker.close(),
  };
}
