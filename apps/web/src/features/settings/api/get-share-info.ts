import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareInfo } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/** The clinic's share info: GET /cust/clinic/shareInfo (introduction, pictures, colour, video). */
export const getShareInfo = (): Promise<ShareInfo> =>
  request<ShareInfo>({ host: 'account', path: '/cust/clinic/shareInfo' });

export const shareInfoQueryOptions = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'shareInfo'] as const, queryFn: getShareInfo });

export const useShareInfo = () => useQuery(shareInfoQueryOptions());

/** The picture names (attachment ids) of `sharePicture`'s comma-separated list. */
export const pictureNames = (info: ShareInfo | undefined): string[] =>
  info?.sharePicture.sharePicture ? info.sharePicture.sharePicture.split(',').filter(Boolean) : [];
