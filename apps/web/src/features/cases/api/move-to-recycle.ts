import { request } from '../../../shared/api-client.ts';
import { useCaseMutation, type MutationConfig } from './keys.ts';

/** At most this many cases per call (the contract's limit). */
export const MOVE_BATCH = 100;

/** PUT /api/case/recycle/move/?id=a,b,c: cases to this organization's recycle bin, 100 per call. */
export async function moveToRecycle(ids: readonly string[]): Promise<{ moved: number }> {
  let moved = 0;
  for (let i = 0; i < ids.length; i += MOVE_BATCH) {
    const answer = await request<{ moved: number }>({
      host: 'case',
      method: 'PUT',
      path: '/api/case/recycle/move/',
      query: { id: ids.slice(i, i + MOVE_BATCH).join(',') },
    });
    moved += answer.moved;
  }
  return { moved };
}

export const useMoveToRecycle = (config?: MutationConfig<typeof moveToRecycle>) =>
  useCaseMutation(moveToRecycle, config);
