import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { HELP_ARTICLES_KEY } from './help-list-articles.ts';

/** Deletes a help article with all its languages: DELETE /api2/admin/help/articles/{id}. */
export const deleteHelpArticle = (id: string): Promise<{ id: string }> =>
  request<{ id: string }>({ host: 'account', method: 'DELETE', path: `/api2/admin/help/articles/${id}` });

export const useDeleteHelpArticle = (config?: MutationConfig<typeof deleteHelpArticle>) =>
  useRefreshingMutation(HELP_ARTICLES_KEY, deleteHelpArticle, config);
