import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** DELETE /api/case/recycle/{id}: one case out of the recycle bin for good. */
export const purgeCase = (id: string): Promise<{ deleted: number }> =>
  request<{ deleted: number }>({
    host: 'case',
    method: 'DELETE',
    path: `/api/case/recycle/${encodeURIComponent(id)}`,
  });

/** Several cases out of the bin for good, one call each. */
export async function purgeCases(ids: readonly string[]): Promise<{ deleted: number }> {
  let deleted = 0;
  for (const id of ids) deleted += (await purgeCase(id)).deleted;
  return { deleted };
}

/** DELETE /api/case/recycle: empty this organization's recycle bin. */
export const emptyRecycle = (): Promise<{ deleted: number }> =>
  request<{ deleted: number }>({ host: 'case', method: 'DELETE', path: '/api/case/recycle' });

export const usePurgeCases = (config?: MutationConfig<typeof purgeCases>) =>
  useCaseMutation(purgeCases, config);

export const useEmptyRecycle = (config?: MutationConfig<typeof emptyRecycle>) =>
  useCaseMutation(emptyRecycle, config);
