import { NoticeKind } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './notices.repository.ts';
import { notify, type NoticeRow } from './notices.service.ts';

/**
 * A certification was decided (call inside the decision's transaction): the organization's owners get a
 * `certification` notice (verified or refused, with the reason), opening /account?tab=1. Answers the notices, to
 * `announce` after the commit.
 */
export async function certificationDecided(
  tx: Queryable,
  c: { custId: string; name: string; outcome: 'verified' | 'refused'; reason: string | null },
): Promise<NoticeRow[]> {
  const owners = (await repo.membersOf(tx, [c.custId])).filter((m) => m.role === 'owner');
  return notify(
    tx,
    owners.map((m) => ({
      userId: m.userId,
      kind: NoticeKind.certification,
      objectId: c.custId,
      payload: { outcome: c.outcome, org: c.name, reason: c.reason },
    })),
  );
}
