import { useQuery } from '@tanstack/react-query';
import type { ServiceContactAnswer } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { serviceContactKey } from './keys.ts';

/** The service desk for the caller's organization (pre-sales or after-sales): GET /api/service/contacts. */
export const getServiceContact = (): Promise<ServiceContactAnswer> =>
  request<ServiceContactAnswer>({ host: 'account', path: '/api/service/contacts', silent: true });

export const useServiceContact = (enabled = true) =>
  useQuery({
    queryKey: serviceContactKey,
    queryFn: getServiceContact,
    enabled,
    retry: false,
    staleTime: 300_000,
  });
