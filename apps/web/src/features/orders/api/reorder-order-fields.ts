import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/** Puts the draft's fields in this order, by name, every field once (PUT /api/order/form/order). */
export const reorderOrderFields = (names: string[]): Promise<unknown> =>
  request({ host: 'account', method: 'PUT', path: '/api/order/form/order', body: { names } });

export const useReorderOrderFields = (config?: MutationConfig<typeof reorderOrderFields>) =>
  useOrderMutation(reorderOrderFields, config);
