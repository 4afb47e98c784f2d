import type { OrderField } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/** Changes the draft's field called `name`, maybe renaming it (PUT /api/order/form/field). */
export const updateOrderField = (body: { name: string; field: OrderField }): Promise<unknown> =>
  request({ host: 'account', method: 'PUT', path: '/api/order/form/field', body, silent: true });

export const useUpdateOrderField = (config?: MutationConfig<typeof updateOrderField>) =>
  useOrderMutation(updateOrderField, config);
