import { FAILED_NOTICE_KIND, NoticeKind } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './notices.repository.ts';
import { notify, type NoticeRow } from './notices.service.ts';

/**
 * A lab set a case's progress to finished (call inside that transaction): every member of the sending organization
 * gets a `task` notice (reason `finished`; the realtime `Task` message, a notice for a few seconds that opens the
 * case; the bell keeps it). Answers the notices, to `announce` after the commit.
 */
export async function orderFinished(
  tx: Queryable,
  c: { caseId: string; senderCustId: string; labCustId: string },
): Promise<NoticeRow[]> {
  if (c.senderCustId === c.labCustId) return [];
  // One after the other: a transaction is one connection, which runs one query at a time.
  const members = await repo.membersOf(tx, [c.senderCustId]);
  const names = await repo.orgNames(tx, [c.labCustId]);
  return notify(
    tx,
    members.map((m) => ({
      userId: m.userId,
      kind: NoticeKind.task,
      caseId: c.caseId,
      sendId: c.labCustId,
      payload: { reason: 'finished', org: names.get(c.labCustId) ?? '' },
    })),
  );
}

/**
 * A conversion finished (call inside the transaction that records it): the person who started it gets a `task`
 * notice (reason `converted`), or, when it failed, a `failed` notice (reason `conversion`, with the catalogue key
 * of why: the realtime `Failed` message). Nobody is told when the person is unknown (deleted since).
 */
export async function conversionEnded(
  tx: Queryable,
  c: { caseId: string; userId: string | null; type: string | null; jobId: string; errorKey?: string },
): Promise<NoticeRow[]> {
  if (!c.userId) return [];
  return notify(tx, [
    c.errorKey
      ? {
          userId: c.userId,
          kind: FAILED_NOTICE_KIND,
          caseId: c.caseId,
          objectId: c.jobId,
          payload: { reason: 'conversion', type: c.type ?? '', error: c.errorKey },
        }
      : {
          userId: c.userId,
          kind: NoticeKind.task,
          caseId: c.caseId,
          objectId: c.jobId,
          payload: { reason: 'converted', type: c.type ?? '' },
        },
  ]);
}

/**
 * A model build finished (call inside the transaction that records it): the person who started it gets a `task`
 * notice (reason `model`: the web opens the model builder, `/caseBuilder?id=`), or, when it failed, a `failed`
 * notice (reason `model`, with the catalogue key of why).
 */
export async function modelEnded(
  tx: Queryable,
  c: { caseId: string; userId: string | null; jobId: string; errorKey?: string },
): Promise<NoticeRow[]> {
  if (!c.userId) return [];
  return notify(tx, [
    c.errorKey
      ? {
          userId: c.userId,
          kind: FAILED_NOTICE_KIND,
          caseId: c.caseId,
          objectId: c.jobId,
          payload: { reason: 'model', error: c.errorKey },
        }
      : {
          userId: c.userId,
          kind: NoticeKind.task,
          caseId: c.caseId,
          objectId: c.jobId,
          payload: { reason: 'model' },
        },
  ]);
}
