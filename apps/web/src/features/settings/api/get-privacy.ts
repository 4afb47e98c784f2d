import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyAnswer } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/** The organization's privacy mask: GET /api2/cust/privacy (custId: the caller's own when omitted). */
export const getPrivacy = (): Promise<PrivacyAnswer> =>
  request<PrivacyAnswer>({ host: 'account', path: '/api2/cust/privacy', silent: true });

export const privacyQueryOptions = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'privacy'] as const, queryFn: getPrivacy });

export const usePrivacy = () => useQuery(privacyQueryOptions());
