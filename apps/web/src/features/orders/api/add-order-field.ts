import type { OrderField } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/** Adds a field at the end of the draft (POST /api/order/form/field); refusals are shown by the dialog. */
export const addOrderField = (field: OrderField): Promise<unknown> =>
  request({ host: 'account', method: 'POST', path: '/api/order/form/field', body: field, silent: true });

export const useAddOrderField = (config?: MutationConfig<typeof addOrderField>) =>
  useOrderMutation(addOrderField, config);
