import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../../../../shared/request.ts';

/** How often one query is asked again after a duplicate in a row (then it keeps its error). */
const MAX_AGAIN = 3;

/**
 * The request layer cancels an in-flight request when the very same one is sent again (`duplicate`). On the case
 * page two queries read the same address (the thread, and the viewer's pins from the same comment list): when a
 * realtime `NewReply` refreshes both at once, the first one ends as a duplicate and would keep the old messages. It
 * is asked again once the request that replaced it has answered (asked at once, the two would cancel each other in
 * turn).
 */
export function useRefetchDuplicates(caseId: string) {
  const client = useQueryClient();
  useEffect(() => {
    const again = new Map<string, number>();
    const waiting = new Map<string, QueryKey>();
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { query, action } = event;
      if (!query.queryKey.includes(caseId)) return;
      const hash = query.queryHash;
      if (action.type === 'success') {
        again.delete(hash);
        waiting.delete(hash);
        // The request that replaced a cancelled one has answered: ask the cancelled one again, one at a time.
        const next = waiting.entries().next().value;
        if (next) {
          waiting.delete(next[0]);
          queueMicrotask(() => void client.invalidateQueries({ queryKey: next[1], exact: true }));
        }
        return;
      }
      if (action.type !== 'error' || !(action.error instanceof ApiError) || action.error.kind !== 'duplicate')
        return;
      const count = (again.get(hash) ?? 0) + 1;
      if (count > MAX_AGAIN) return;
      again.set(hash, count);
      waiting.set(hash, query.queryKey);
    });
  }, [client, caseId]);
}
