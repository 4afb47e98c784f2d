import { useQuery } from '@tanstack/react-query';
import type { ClientDownloadsAnswer, ClientDownloadsBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';

/** The administrator's form; the top bar's list lives under ['clientDownloads'] and is refreshed with it. */
export const CLIENT_DOWNLOADS_ADMIN_KEY = ['clientDownloads'] as const;

/** The client download links (administrators): GET /api2/admin/client/downloads. */
export const getClientDownloadsAdmin = (): Promise<ClientDownloadsAnswer> =>
  request<ClientDownloadsAnswer>({ host: 'account', path: '/api2/admin/client/downloads' });

export const useClientDownloadsAdmin = () =>
  useQuery({
    queryKey: [...CLIENT_DOWNLOADS_ADMIN_KEY, 'admin'],
    queryFn: getClientDownloadsAdmin,
    retry: false,
  });

/** Replaces the links (https only; refusals shown at their field): PUT /api2/admin/client/downloads. */
export const saveClientDownloads = (body: ClientDownloadsBody): Promise<ClientDownloadsAnswer> =>
  request<ClientDownloadsAnswer>({
    host: 'account',
    method: 'PUT',
    path: '/api2/admin/client/downloads',
    body,
    silent: true,
  });

export const useSaveClientDownloads = (config?: MutationConfig<typeof saveClientDownloads>) =>
  useRefreshingMutation(CLIENT_DOWNLOADS_ADMIN_KEY, saveClientDownloads, config);
