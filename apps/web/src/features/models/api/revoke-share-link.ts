import { request } from '../../../shared/api-client.ts';
import { useModelsMutation, type MutationConfig } from './keys.ts';

/** DELETE /api/case/report/share/{id}: the link stops working at once. */
export const revokeShareLink = (id: string): Promise<unknown> =>
  request<unknown>({
    host: 'case',
    method: 'DELETE',
    path: `/api/case/report/share/${encodeURIComponent(id)}`,
  });

export const useRevokeShareLink = (config?: MutationConfig<typeof revokeShareLink>) =>
  useModelsMutation(revokeShareLink, config);
