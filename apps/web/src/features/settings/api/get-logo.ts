import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogoContent } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

/** The report logo and background: GET /user/find/logo; `content` is JSON text `{logo, backgroud}`. */
export const getLogo = async (): Promise<LogoContent> => {
  const answer = await request<{ content: string }>({ host: 'account', path: '/user/find/logo' });
  return JSON.parse(answer.content) as LogoContent;
};

export const logoQueryOptions = () =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'logo'] as const, queryFn: getLogo });

export const useLogo = () => useQuery(logoQueryOptions());
