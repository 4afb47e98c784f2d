import { useQuery } from '@tanstack/react-query';
import type { HelpArticle } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { HELP_ARTICLES_KEY } from './help-list-articles.ts';

/** One help article with every language: GET /api2/admin/help/articles/{id} (administrators). */
export const getHelpArticle = (id: string): Promise<HelpArticle> =>
  request<HelpArticle>({ host: 'account', path: `/api2/admin/help/articles/${id}` });

export const useHelpArticle = (id: string | null) =>
  useQuery({
    queryKey: [...HELP_ARTICLES_KEY, 'one', id],
    queryFn: () => getHelpArticle(id!),
    enabled: !!id,
    retry: false,
    // The editor starts from what the server holds now.
    staleTime: 0,
    gcTime: 0,
  });
