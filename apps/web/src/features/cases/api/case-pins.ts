import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseComment } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { REALTIME_KEYS } from '../../../shared/realtime/hub.ts';
import { pinsOf, type PinAnchor, type PinnedComment } from '../components/preview/pins.ts';

/**
 * The case's remarks pinned to the scan: its thread's comments that carry an anchor. The key lives under the
 * comments' key, so the realtime hub's `NewReply` (which refreshes every comment query) and any posted comment bring
 * the other party's new pin into an open viewer without a reload.
 */
export const casePinsKey = (caseId: string) => [...REALTIME_KEYS.comments, 'pins', caseId] as const;

/** GET /api/case/comment/list?caseId=, kept to the pinned ones. */
export const getCasePins = async (caseId: string) =>
  pinsOf(
    await request<(CaseComment & { anchor?: unknown })[]>({
      host: 'case',
      path: '/api/case/comment/list',
      query: { caseId },
      silent: true,
    }),
  );

export const useCasePins = (caseId: string | null) =>
  useQuery({
    queryKey: casePinsKey(caseId ?? ''),
    queryFn: () => getCasePins(caseId!),
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
