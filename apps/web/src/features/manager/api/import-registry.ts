import type { z } from 'zod';
import type { importRegistryBody, importReport } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRegistryMutation, type MutationConfig } from './keys.ts';

export type ImportRegistryBody = z.input<typeof importRegistryBody>;
export type ImportReport = z.infer<typeof importReport>;

/** The import's limit on the server (5 MiB of text). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** CSV import ("serial,bindCode[,area]" lines): POST /api2/admin/device/registry/import; a per-row report. */
export const importRegistry = (body: ImportRegistryBody): Promise<ImportReport> =>
  request<ImportReport>({
    host: 'access',
    method: 'POST',
    path: '/api2/admin/device/registry/import',
    body,
    timeout: 60_000,
  });

export const useImportRegistry = (config?: MutationConfig<typeof importRegistry>) =>
  useRegistryMutation(importRegistry, config);
