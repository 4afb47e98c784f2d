import { useQuery } from '@tanstack/react-query';
import type { ClientDownload } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export const CLIENT_DOWNLOADS_KEY = ['clientDownloads'] as const;

/** The scanner client's download links the administrator published: GET /api/client/downloads. */
export const getClientDownloads = (): Promise<ClientDownload[]> =>
  request<ClientDownload[]>({ host: 'account', path: '/api/client/downloads', silent: true });

/** Asked when the list is shown (its component mounts), not at every page load. */
export const useClientDownloads = () =>
  useQuery({ queryKey: CLIENT_DOWNLOADS_KEY, queryFn: getClientDownloads, staleTime: 60_000 });
