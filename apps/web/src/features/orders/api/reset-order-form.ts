import type { OrderFormState } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/** Makes the draft the standard form (POST /api/order/form/reset); refused with orderForm.resetFailed. */
export const resetOrderForm = (): Promise<OrderFormState> =>
  request<OrderFormState>({ host: 'account', method: 'POST', path: '/api/order/form/reset' });

export const useResetOrderForm = (config?: MutationConfig<typeof resetOrderForm>) =>
  useOrderMutation(resetOrderForm, config);
