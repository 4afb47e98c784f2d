import { useQuery } from '@tanstack/react-query';
import type { ReceiverForm } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { CASES_KEY } from './keys.ts';

/**
 * The published order forms of the labs a case of this device and type goes to (GET /api/order/forms?device=&type=);
 * a lab without a form (or without the order flag) is not listed.
 */
export const getReceiverForms = (device: string, type: number): Promise<ReceiverForm[]> =>
  request<ReceiverForm[]>({ host: 'account', path: '/api/order/forms', query: { device, type } });

export const getReceiverFormsQueryKey = (device: string, type: number) =>
  [...CASES_KEY, 'receiver-forms', device, type] as const;

export const useReceiverForms = (device: string | undefined, type: number | undefined) =>
  useQuery({
    queryKey: getReceiverFormsQueryKey(device ?? '', type ?? 0),
    queryFn: () => getReceiverForms(device ?? '', type ?? 0),
    enabled: Boolean(device) && Boolean(type),
    staleTime: 30_000,
  });
