import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/** Removes a field from the draft (DELETE /api/order/form/field?name=). */
export const deleteOrderField = (name: string): Promise<unknown> =>
  request({ host: 'account', method: 'DELETE', path: '/api/order/form/field', query: { name } });

export const useDeleteOrderField = (config?: MutationConfig<typeof deleteOrderField>) =>
  useOrderMutation(deleteOrderField, config);
