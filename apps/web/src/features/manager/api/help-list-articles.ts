import { useQuery } from '@tanstack/react-query';
import type { HelpArticleList } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type { HelpArticleRow } from '@archway/contract';

/** Every help-article query lives under this key; every change refreshes them all. */
export const HELP_ARTICLES_KEY = ['helpArticles'] as const;

/** Every help article, its title in `lang` (else English): GET /api2/admin/help/articles (administrators). */
export const getHelpArticles = (lang: string): Promise<HelpArticleList> =>
  request<HelpArticleList>({ host: 'account', path: '/api2/admin/help/articles', query: { lang } });

export const useHelpArticles = (lang: string) =>
  useQuery({
    queryKey: [...HELP_ARTICLES_KEY, 'list', lang],
    queryFn: () => getHelpArticles(lang),
    retry: false,
  });
