import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { OUTBOX_KEY } from './get-outbox.ts';

export type { OutboxMessage } from '@archway/contract';

/** One message with its text: GET /api2/admin/mail/{id}. */
export const getOutboxMessage = (id: string): Promise<OutboxMessage> =>
  request<OutboxMessage>({ host: 'account', path: `/api2/admin/mail/${id}` });

export const useOutboxMessage = (id: string | null) =>
  useQuery({
    queryKey: [...OUTBOX_KEY, 'message', id ?? ''],
    queryFn: () => getOutboxMessage(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
