import { useQuery } from '@tanstack/react-query';
import { ClientType, type UpdateLogList } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { UPDATES_KEY } from './keys.ts';

/** The web app's release notes (type 1), in the interface language: GET /UpdateLog/getLogList on the admin service. */
export const getLogList = (): Promise<UpdateLogList> =>
  request<UpdateLogList>({
    host: 'admin',
    path: '/UpdateLog/getLogList',
    query: { type: ClientType.web, lang: storedLanguage() },
    silent: true,
  });

export const useLogList = () =>
  useQuery({ queryKey: [...UPDATES_KEY, 'list'], queryFn: getLogList, staleTime: 10 * 60_000 });
