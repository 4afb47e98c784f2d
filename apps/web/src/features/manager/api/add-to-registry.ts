import type { z } from 'zod';
import type { addRegistryBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRegistryMutation, type MutationConfig } from './keys.ts';

export type AddRegistryBody = z.input<typeof addRegistryBody>;

/** Adds one manufactured device: POST /api2/admin/device/registry. */
export const addToRegistry = (body: AddRegistryBody): Promise<{ serial: string }> =>
  request<{ serial: string }>({ host: 'access', method: 'POST', path: '/api2/admin/device/registry', body });

export const useAddToRegistry = (config?: MutationConfig<typeof addToRegistry>) =>
  useRegistryMutation(addToRegistry, config);
