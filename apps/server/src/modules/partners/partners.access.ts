import {
  CooperationErrors,
  CooperationState,
  type CooperationAction,
  type ErrorDef,
} from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './partners.repository.ts';

/**
 * The partners module's rights: what an organization may do with a cooperation. The row's `actions`
 * (partners.presenter) and the refusals (partners.service) both ask `cooperationRefusal`.
 */

/** The caller's side of a cooperation: its organization and whether that one is verified now. */
export interface CooperationViewer {
  custId: string;
  verified: boolean;
}

/** The caller's organization as a viewer of its cooperations (one query). */
export async function cooperationViewer(db: Queryable, custId: string): Promise<CooperationViewer> {
  return { custId, verified: repo.isVerified(await repo.findOrg(db, custId)) };
}

const ACTIONS: readonly CooperationAction[] = ['accept', 'refuse', 'cancel'];

/**
 * Why the viewer may not take `action` on cooperation `c` (undefined when it may): the side applied to accepts
 * (while verified) or refuses an application; either side closes a live one (`cancel`: the applicant withdraws its
 * application, either side ends an open cooperation or, the side applied to, drops an application).
 */
export function cooperationRefusal(
  c: { state: number; partnerId: string },
  viewer: CooperationViewer,
  action: CooperationAction,
): ErrorDef | undefined {
  if (action === 'cancel') return c.state === CooperationState.closed ? CooperationErrors.closed : undefined;
  if (c.partnerId !== viewer.custId) return CooperationErrors.notYours;
  if (c.state !== CooperationState.applied) return CooperationErrors.notPending;
  if (action === 'accept' && !viewer.verified) return CooperationErrors.notVerified;
  return undefined;
}

/** The row's `actions`: every action the viewer may take on it. */
export const cooperationActions = (c: { state: number; partnerId: string }, viewer: CooperationViewer) =>
  ACTIONS.filter((a) => !cooperationRefusal(c, viewer, a));
