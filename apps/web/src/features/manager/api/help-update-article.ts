import type { HelpArticle, HelpArticleBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { HELP_ARTICLES_KEY } from './help-list-articles.ts';

/** Rewrites a help article (every language): PUT /api2/admin/help/articles/{id}. Refusals shown by the dialog. */
export const updateHelpArticle = ({ id, ...body }: HelpArticleBody & { id: string }): Promise<HelpArticle> =>
  request<HelpArticle>({
    host: 'account',
    method: 'PUT',
    path: `/api2/admin/help/articles/${id}`,
    body,
    silent: true,
    timeout: 15_000,
  });

export const useUpdateHelpArticle = (config?: MutationConfig<typeof updateHelpArticle>) =>
  useRefreshingMutation(HELP_ARTICLES_KEY, updateHelpArticle, config);
