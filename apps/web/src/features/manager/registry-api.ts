import { request } from '../../shared/api-client.ts';
import type { PageParams } from '../../shared/ui/paged-table.ts';

/** The device registry of the platform administrator (ARCHITECTURE.md, "Devices"). */
export interface RegistryRow {
  serial: string;
  model: 'P3' | 'smart' | 'P2';
  area: string;
  bound: boolean;
  ownerCustName: string | null;
  createdAt: string;
}

export interface ImportReport {
  imported: number;
  refused: { line: number; serial: string; key: string }[];
}

/** The import's limit on the server (5 MiB of text). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export const registryKey = ['registry'] as const;

export const listRegistry = (params: PageParams) =>
  request<{ records: RegistryRow[]; totalRecords: number }>({
    host: 'access',
    path: '/api2/admin/device/registry',
    query: {
      keyword: params.keyword || undefined,
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    },
  });

export const addToRegistry = (body: { serial: string; bindCode: string; area?: string }) =>
  request<{ serial: string }>({ host: 'access', method: 'POST', path: '/api2/admin/device/registry', body });

export const importRegistry = (csv: string) =>
  request<ImportReport>({
    host: 'access',
    method: 'POST',
    path: '/api2/admin/device/registry/import',
    body: { csv },
    timeout: 60_000,
  });
