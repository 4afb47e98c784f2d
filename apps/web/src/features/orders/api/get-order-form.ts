import { useQuery } from '@tanstack/react-query';
import type { OrderFormState } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { ORDER_FORM_KEY } from './keys.ts';

/** The organization's order form: the draft being designed and the version clinics fill (GET /api/order/form). */
export const getOrderForm = (): Promise<OrderFormState> =>
  request<OrderFormState>({ host: 'account', path: '/api/order/form', silent: true });

export const useOrderForm = () => useQuery({ queryKey: ORDER_FORM_KEY, queryFn: getOrderForm });
