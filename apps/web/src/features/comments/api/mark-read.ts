import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api-client.ts';
import { pageKey, unreadKey } from './keys.ts';

/** Opening a thread clears its new replies: PUT /api/case/comment/read?caseId=. */
export const markThreadRead = (caseId: string): Promise<{ cleared: number }> =>
  request<{ cleared: number }>({
    host: 'case',
    method: 'PUT',
    path: '/api/case/comment/read',
    query: { caseId },
    silent: true,
  });

export function useMarkThreadRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    onSuccess: async ({ cleared }) => {
      if (cleared === 0) return;
      await Promise.all([
        client.invalidateQueries({ queryKey: unreadKey }),
        client.invalidateQueries({ queryKey: pageKey }),
      ]);
    },
  });
}
