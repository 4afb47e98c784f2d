import type { HelpArticle, HelpArticleBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { HELP_ARTICLES_KEY } from './help-list-articles.ts';

/** Writes a help article: POST /api2/admin/help/articles. The dialog shows refusals at their field (silent). */
export const createHelpArticle = (body: HelpArticleBody): Promise<HelpArticle> =>
  request<HelpArticle>({
    host: 'account',
    method: 'POST',
    path: '/api2/admin/help/articles',
    body,
    silent: true,
    timeout: 15_000,
  });

export const useCreateHelpArticle = (config?: MutationConfig<typeof createHelpArticle>) =>
  useRefreshingMutation(HELP_ARTICLES_KEY, createHelpArticle, config);
