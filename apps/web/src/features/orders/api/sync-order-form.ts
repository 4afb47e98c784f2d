import type { OrderFormState } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrderMutation, type MutationConfig } from './keys.ts';

/**
 * Publishes the draft as the next version, the one clinics fill from now on (POST /api/order/form/sync); an empty
 * draft is refused with orderForm.syncFailed ("add data first").
 */
export const syncOrderForm = (): Promise<OrderFormState> =>
  request<OrderFormState>({ host: 'account', method: 'POST', path: '/api/order/form/sync' });

export const useSyncOrderForm = (config?: MutationConfig<typeof syncOrderForm>) =>
  useOrderMutation(syncOrderForm, config);
