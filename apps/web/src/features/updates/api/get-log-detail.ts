import { useQuery } from '@tanstack/react-query';
import { ClientType, type UpdateLogDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { UPDATES_KEY } from './keys.ts';

/** One release note of the web app: GET /UpdateLog/getLogDetail on the admin service. */
export const getLogDetail = (version: string): Promise<UpdateLogDetail> =>
  request<UpdateLogDetail>({
    host: 'admin',
    path: '/UpdateLog/getLogDetail',
    query: { type: ClientType.web, version, lang: storedLanguage() },
    silent: true,
  });

export const useLogDetail = (version: string | undefined) =>
  useQuery({
    queryKey: [...UPDATES_KEY, 'detail', version],
    queryFn: () => getLogDetail(version!),
    enabled: !!version,
    staleTime: 10 * 60_000,
  });
