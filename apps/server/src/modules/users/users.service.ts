import {
  cultureOf,
  GenericErrors,
  isLanguage,
  type CurrentUser,
  type UserLanguageBody,
} from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import * as userRow from '../account/user-row.service.ts';
import { mergeProperty } from '../common/property.ts';
import { presentCurrentUser, presentPageControl } from './users.presenter.ts';
import * as repo from './users.repository.ts';

export type { UserRow } from './users.repository.ts';

/** Who a token speaks for lives with sign-in (account/actors.service.ts); kept here for the callers of users'. */
export { actorFor } from '../account/actors.service.ts';

export async function currentUser(db: Db, actor: Actor): Promise<CurrentUser> {
  // The user and its organization in one round trip (issue 35).
  const found = await repo.findUserWithCustomer(db, actor.userId, actor.custId);
  if (!found) throw new AppError(GenericErrors.sessionExpired);
  const { user, cust } = found;
  const disabled = actor.custDisabled ? await repo.disabledOrgOf(db, actor.userId) : undefined;
  return { ...presentCurrentUser(user, cust), ...(disabled ? { disabledCust: disabled } : {}) };
}

/** `PUT /api2/user`: merges a patch into the user's property, in one audited transaction. */
export async function updateUserProperty(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return db.transaction(async (tx) => {
    const current = await repo.lockUserProperty(tx, actor.userId);
    if (!current) throw new AppError(GenericErrors.sessionExpired);
    const property = mergeProperty(current.property, patch);
    await userRow.setUserProperty(tx, actor.userId, property);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'user.property',
      objectType: 'user',
      objectId: actor.userId,
      outcome: 'allowed',
      detail: { patch },
    });
    return property;
  });
}

/**
 * `POST /Common/SetLanguage` (the spec's call: zh or en). A full language already stored that belongs to the culture
 * (de, ja … to en; zh-tw to zh) is kept: the culture is stored only when the stored language is of another one, or
 * none is stored, so mail stays in the person's own language (issue 34).
 */
export async function setLanguage(db: Db, actor: Actor, culture: 'zh' | 'en') {
  await db.transaction(async (tx) => {
    const stored = await userRow.lockUserLanguage(tx, actor.userId);
    if (!stored) throw new AppError(GenericErrors.sessionExpired);
    if (isLanguage(stored.language) && cultureOf(stored.language) === culture) return;
    await userRow.setUserLanguage(tx, actor.userId, culture);
  });
}

/** `PUT /api2/user/language`: the person's full language and time zone, for mail, text messages and exports. */
export async function setFullLanguage(db: Db, actor: Actor, body: UserLanguageBody) {
  await userRow.setUserLanguage(db, actor.userId, body.language, body.timeZone);
  return { language: body.language, timeZone: body.timeZone };
}

/**
 * `/user/control/page`: which optional screens this user's organization has (its switches, set by the platform
 * administrator in /manager). Someone without an organization has none of them.
 */
export async function pageControl(db: Db, actor: Actor) {
  const flags = actor.custId ? await repo.pageFlagsOf(db, actor.custId) : undefined;
  return presentPageControl(flags ?? { order: false, compare: false, builder: false });
}
