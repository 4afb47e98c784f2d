import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseComment } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { REALTIME_KEYS } from '../../../shared/realtime/hub.ts';
import { caseThreadKey, getCaseThread } from '../../../shared/api/case-thread.ts';
import { pinsOf, type PinAnchor, type PinnedComment } from '../components/preview/pins.ts';

/**
 * The case's remarks pinned to the scan: its thread's comments that carry an anchor, read through the thread's own
 * query (shared/api/case-thread.ts), so the case page's conversation and its viewer make one request. Under the
 * comments' key: the realtime hub's `NewReply` and any posted comment bring the other party's new pin into an open
 * viewer without a reload.
 */
export const useCasePins = (caseId: string | null) =>
  useQuery({
    queryKey: caseThreadKey(caseId ?? ''),
    queryFn: () => getCaseThread(caseId!),
    select: (comments) => pinsOf(comments as (CaseComment & { anchor?: unknown })[]),
    enabled: Boolean(caseId),
  });

export interface NewPin {
  caseId: string;
  text: string;
  anchor: PinAnchor;
}

/**
 * POST /api/case/comment with the anchor: a comment of the thread like any other (notifications, unread badges, the
 * 90-day rule). Silent: the composer shows the catalogue's refusal itself.
 */
export const postPin = (input: NewPin): Promise<PinnedComment> =>
  request<PinnedComment>({
    host: 'case',
    method: 'POST',
    path: '/api/case/comment',
    body: { caseId: input.caseId, text: input.text, anchor: input.anchor },
    silent: true,
  });

export function usePostPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postPin,
    onSuccess: () => client.invalidateQueries({ queryKey: REALTIME_KEYS.comments }),
  });
}
