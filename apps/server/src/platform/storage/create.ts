import type { StorageConfig } from '../../config.ts';
import { createLocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

/** The back end STORAGE_URL names (config.ts): a local directory, or an S3-compatible store (checked by a listing). */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'local') return createLocalStorage(config.directory);
  const { kind: _kind, ...options } = config;
  // The S3 SDK (tens of MiB) is loaded only when the files live in S3.
  const { createS3Storage } = await import('./s3.ts');
  return createS3Storage(options);
}
