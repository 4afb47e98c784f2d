import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { paged, registryListQuery, registryRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { usePagedQuery } from '../../../shared/ui/paged-table.ts';
import { REGISTRY_KEY } from './keys.ts';

/** The device registry of the platform administrator (docs/domains.md, "Devices"). */
export type RegistryRow = z.infer<typeof registryRow>;
/** The query as the server reads it (its `z.input` is `unknown` for the coerced numbers of a query string). */
export type RegistryListQuery = z.infer<typeof registryListQuery>;
export type RegistryPage = z.infer<ReturnType<typeof paged<typeof registryRow>>>;

/** One page of the registry: GET /api2/admin/device/registry. */
export const getRegistry = (query: RegistryListQuery): Promise<RegistryPage> =>
  request<RegistryPage>({
    host: 'access',
    path: '/api2/admin/device/registry',
    query: {
      keyword: query.keyword || undefined,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      sorter: query.sorter,
    },
  });

export const getRegistryQueryKey = () => [...REGISTRY_KEY, 'list'] as const;

/** The registry as a server-paged table with a keyword (the shared table pattern). */
export const useRegistry = (t: TFunction) =>
  usePagedQuery<RegistryRow>(getRegistryQueryKey(), getRegistry, t);
