import { useQuery } from '@tanstack/react-query';
import type { ServiceContacts } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** The administrator's form (the bell's answer lives under ['notices', 'service']). */
export const SERVICE_CONTACTS_KEY = ['serviceContacts'] as const;

/** Both service desks (administrators): GET /api2/admin/service/contacts. */
export const getServiceContacts = (): Promise<ServiceContacts> =>
  request<ServiceContacts>({ host: 'account', path: '/api2/admin/service/contacts' });

export const useServiceContacts = () =>
  useQuery({ queryKey: SERVICE_CONTACTS_KEY, queryFn: getServiceContacts, retry: false });

/** Sets both service desks (administrators): PUT /api2/admin/service/contacts. */
export const saveServiceContacts = (body: ServiceContacts): Promise<ServiceContacts> =>
  request<ServiceContacts>({ host: 'account', method: 'PUT', path: '/api2/admin/service/contacts', body });

export const useSaveServiceContacts = (config?: MutationConfig<typeof saveServiceContacts>) =>
  useRefreshingMutation(SERVICE_CONTACTS_KEY, saveServiceContacts, config);
