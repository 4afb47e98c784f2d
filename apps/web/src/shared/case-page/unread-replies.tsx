import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import './unread-replies.css';
import type { UnreadReplies } from '@archway/contract';
import { request } from '../api-client.ts';
import { REALTIME_KEYS } from '../realtime/hub.ts';

/**
 * The caller's new replies under the comments' key (features/comments/api/keys.ts `unreadKey`): a marked-read thread
 * and the realtime client's `NewReply` (which invalidates ['comments']) refresh it.
 */
export const unreadRepliesKey = [...REALTIME_KEYS.comments, 'unread'] as const;

/** The caller's new replies (reply notifications per case) and their total: GET /api/case/comment/unread. */
export const getUnreadReplies = (): Promise<UnreadReplies> =>
  request<UnreadReplies>({ host: 'case', path: '/api/case/comment/unread', silent: true });

/** Refetched on focus and every minute as well, in case the realtime connection is down. */
export const useUnreadReplies = (enabled = true) =>
  useQuery({
    queryKey: unreadRepliesKey,
    queryFn: getUnreadReplies,
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });

/** The new replies per case (a case may have replies from more than one organization: their sum). */
export function unreadByCase(data: UnreadReplies | undefined): ReadonlyMap<string, number> {
  const byCase = new Map<string, number>();
  for (const n of data?.list ?? []) {
    if (n.count > 0) byCase.set(n.caseId, (byCase.get(n.caseId) ?? 0) + n.count);
  }
  return byCase;
}

/** The caller's new replies per case, for the case lists' marks. */
export function useUnreadByCase(): ReadonlyMap<string, number> {
  const { data } = useUnreadReplies();
  return useMemo(() => unreadByCase(data), [data]);
}

/**
 * A case's unread-reply mark beside its patient: a small badge with the count, named for screen readers
 * ("2 unread replies"); nothing when there is none.
 */
export function UnreadMark({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  const label = t('caseLists.unread', { count });
  return (
    <span className="case-unread-mark" title={label} data-testid="case-unread" data-count={count}>
      <Badge count={count} size="small" aria-hidden />
      <span className="case-unread-text">{label}</span>
    </span>
  );
}
