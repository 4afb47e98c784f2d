import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/**
 * Adds an option to a field of the draft, or with `parent` a sub-option under that option
 * (POST /api/order/form/option); an option the field already has is refused (orderForm.optionExists).
 */
export const addOrderOption = (body: { field: string; label: string; parent?: string }): Promise<unknown> =>
  request({ host: 'account', method: 'POST', path: '/api/order/form/option', body, silent: true });

export const useAddOrderOption = (config?: MutationConfig<typeof addOrderOption>) =>
  useOrderMutation(addOrderOption, config);
