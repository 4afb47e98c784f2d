import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TestS3 {
  /** A STORAGE_URL for the bucket (path-style, this server as endpoint). */
  url: string;
  bucket: string;
  endpoint: string;
  /** The credentials s3rver accepts, as the environment loadConfig reads them. */
  env: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  close(): Promise<void>;
}

/**
 * The child's program. s3rver runs in its own Node process because:
 * - its ListObjectsV2 continuation tokens are DES-encrypted, and OpenSSL 3 offers DES only with
 *   `--openssl-legacy-provider` (without it, every truncated listing answers InternalError);
 * - it canonicalizes a bucket-level path without its trailing slash (`/bucket`) while the SDK signs what it sends
 *   (`/bucket/?list-type=2…`), so listings would fail SignatureDoesNotMatch: for those requests alone the signature
 *   comparison is skipped (the access key must still be S3RVER); object requests keep full SigV4 checks.
 * It prints its port, and exits when its stdin closes (the test process ended, however it ended).
 */
const CHILD = `
const { module: modulePath, directory, bucket } = JSON.parse(process.argv[1]);
const S3rver = require(modulePath);
const server = new S3rver({
  address: '127.0.0.1', port: 0, directory, silent: true, vhostBuckets: false,
  configureBuckets: [{ name: bucket }],
});
server.middleware.unshift(async (ctx, next) => {
  if (/^\\/[^/]+\\/$/.test(ctx.path))
    ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } });
  await next();
});
// ListParts and AbortMultipartUpload, which s3rver lacks and tus's S3 store needs (resuming, terminating).
const fsp = require('fs/promises');
const pathMod = require('path');
const xml = (body) => '<?xml version="1.0" encoding="UTF-8"?>' + body;
server.middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  const segments = ctx.path.split('/');
  if (!uploadId || segments.length < 3 || !['GET', 'DELETE'].includes(ctx.method)) return next();
  const bucketName = segments[1];
  const key = decodeURIComponent(segments.slice(2).join('/'));
  const dir = pathMod.join(server.store.getResourcePath(bucketName, undefined, 'uploads'), uploadId);
  let names;
  try {
    names = await fsp.readdir(dir);
  } catch {
    ctx.status = 404;
    ctx.type = 'application/xml';
    ctx.body = xml('<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
    return;
  }
  if (ctx.method === 'DELETE') {
    await fsp.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const numbers = names.filter((n) => n !== '' && [...n].every((c) => c >= '0' && c <= '9')).map(Number);
  const parts = [];
  for (const n of numbers.sort((a, b) => a - b)) {
    const st = await fsp.stat(pathMod.join(dir, String(n)));
    const md5 = (await fsp.readFile(pathMod.join(dir, n + '.md5'))).toString();
    parts.push('<Part><PartNumber>' + n + '</PartNumber><LastModified>' + st.mtime.toISOString() +
      '</LastModified><ETag>"' + md5 + '"</ETag><Size>' + st.size + '</Size></Part>');
  }
  ctx.type = 'application/xml';
  ctx.body = xml('<ListPartsResult><Bucket>' + bucketName + '</Bucket><Key>' + key + '</Key><UploadId>' + uploadId +
    '</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>' +
    parts.join('') + '</ListPartsResult>');
});
server.run().then(
  ({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'),
  (err) => { console.error(err); process.exit(1); },
);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.on('SIGTERM', stop);
`;

/**
 * An S3-compatible server (@20minutes/s3rver) on 127.0.0.1, random port, keeping its objects in a fresh temporary
 * directory, with one empty bucket. It checks SigV4 signatures against its one account, S3RVER / S3RVER.
 */
export async function startTestS3(bucket = 'archway-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'archway-s3-'));
  const modulePath = createRequire(import.meta.url).resolve('@20minutes/s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', CHILD, JSON.stringify({ module: modulePath, directory, bucket })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  let port: number | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    const m = /^\{"port":(\d+)\}$/.exec(line);
    if (m) {
      port = Number(m[1]);
      break;
    }
  }
  if (port === undefined) {
    await rm(directory, { recursive: true, force: true });
    throw new Error('s3rver did not start');
  }
  child.stdout.resume();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    url: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    bucket,
    endpoint,
    env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      child.stdin.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
