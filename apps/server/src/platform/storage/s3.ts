import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import {
  assertKey,
  assertPrefix,
  assertRange,
  measure,
  StorageError,
  StorageNotFound,
  StorageRangeNotSatisfiable,
  type ByteRange,
  type ListedObject,
  type PutOptions,
  type StagedUpload,
  type Storage,
  type StoredObject,
} from './storage.ts';

/** The largest object one CopyObject may copy (S3's limit); a larger upload is streamed in. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key; '' or ending with '/'. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver …); absent: AWS. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (environment, shared files, SSO, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Page size of ListObjectsV2 (tests make it small to cross pages). */
  listPageSize?: number;
}

const MiB = 1024 * 1024;
/** 8 MiB parts, growing by 8 MiB every 1,000 parts: 10,000 parts then hold 440 GiB. */
const partSizeAfter = (parts: number) => 8 * MiB * (1 + Math.floor(parts / 1000));
const MAX_PARTS = 10_000;

const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) =>
  statusOf(err) === 404 || ['NotFound', 'NoSuchKey'].includes((err as Error | undefined)?.name ?? '');

/**
 * Objects in `bucket` under `prefix`. A put sends a body that fits one part as one PutObject, a larger one as a
 * multipart upload (parts sent one after another, so at most one part is in memory); S3 shows the object only
 * when the upload completes, and a failed upload is aborted.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  const { bucket, prefix } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Only where S3 demands them: many S3-compatible servers refuse or mangle the newer checksum headers.
    // The payload is still signed (SigV4 x-amz-content-sha256) and put() reports its own sha256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const at = (key: string) => {
    assertKey(key);
    return prefix + key;
  };

  try {
    await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1 }));
  } catch (err) {
    client.destroy();
    throw new StorageError(
      `storage: cannot list s3://${bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}: ${(err as Error).message}`,
      { cause: err },
    );
  }

  const storage: Storage = {
    kind: 's3',

    async put(key: string, body: Readable | Buffer, opts?: PutOptions): Promise<StoredObject> {
      const Key = at(key);
      const ContentType = opts?.contentType;
      const measured = measure(body);
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      const sendPart = async (Body: Buffer) => {
        if (parts.length >= MAX_PARTS) throw new StorageError(`storage: ${key} is too large`);
        uploadId ??= (
          await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType }))
        ).UploadId;
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key,
            UploadId: uploadId,
            PartNumber,
            Body,
            ContentLength: Body.length,
          }),
        );
        parts.push({ PartNumber, ETag });
      };
      try {
        let pending: Buffer[] = [];
        let pendingSize = 0;
        for await (const chunk of measured.chunks) {
          pending.push(chunk);
          pendingSize += chunk.length;
          while (pendingSize >= partSizeAfter(parts.length)) {
            const size = partSizeAfter(parts.length);
            const all = Buffer.concat(pending, pendingSize);
            await sendPart(all.subarray(0, size));
            pending = [all.subarray(size)];
            pendingSize = all.length - size;
          }
        }
        const rest = Buffer.concat(pending, pendingSize);
        if (uploadId === undefined) {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key,
              Body: rest,
              ContentLength: rest.length,
              ContentType,
            }),
          );
        } else {
          if (rest.length) await sendPart(rest);
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket: bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (err) {
        if (!Buffer.isBuffer(body)) body.destroy();
        if (uploadId !== undefined) {
          // Best effort: a store that cannot abort keeps the parts out of sight until its own cleanup
          // (on AWS, a lifecycle rule for incomplete multipart uploads); the object never appears.
          await client
            .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId }))
            .catch(() => undefined);
        }
        throw err;
      }
      return measured.result();
    },

    async adopt(key: string, source: StagedUpload) {
      if (source.bucket !== bucket || !source.bucketKey || source.size > MAX_COPY_BYTES)
        return storage.put(key, await source.read());
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: at(key),
          CopySource: `${bucket}/${source.bucketKey.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      return { size: source.size };
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      const Key = at(key);
      assertRange(range);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        // In Node the body is the HTTP response itself: a Readable.
        return res.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFound(key);
        if (statusOf(err) === 416) throw new StorageRangeNotSatisfiable(key, undefined);
        throw err;
      }
    },

    async stat(key: string) {
      const Key = at(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async delete(key: string): Promise<void> {
      const Key = at(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
    },

    list(listPrefix: string): AsyncIterable<ListedObject> {
      assertPrefix(listPrefix);
      return (async function* () {
        let ContinuationToken: string | undefined;
        for (;;) {
          const page = await client.send(
            new ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix + listPrefix,
              ContinuationToken,
              MaxKeys: options.listPageSize,
            }),
          );
          for (const o of page.Contents ?? []) {
            const key = o.Key?.slice(prefix.length);
            // Objects someone else put there under names we would never make are not ours to report.
            if (!key || !o.Key?.startsWith(prefix)) continue;
            try {
              assertKey(key);
            } catch {
              continue;
            }
            yield { key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
          if (!ContinuationToken) return;
        }
      })();
    },

    async close(): Promise<void> {
      client.destroy();
    },
  };
  return storage;
}
