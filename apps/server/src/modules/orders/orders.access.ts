import { BoxRole, CustErrors, OrderFormErrors, OrgErrors } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { roleIn } from '../orgs/orgs.access.ts';
import * as repo from './orders.repository.ts';

/**
 * Who designs an organization's order form: the designer needs the organization's `order` page flag
 * (`customers.page_order`, else `orderForm.notEnabled`); any member reads the form (`formAccess`), only its
 * administrator (membership role `owner`, as for the organization's other settings) changes it (`org.notOwner`):
 * the caller's organization when it may change the form.
 */
export async function designerOrg(db: Queryable, actor: Actor): Promise<string> {
  const { custId, rights } = await formAccess(db, actor);
  if (!rights.change) throw new AppError(OrgErrors.notOwner);
  return custId;
}

/** What the caller may do with its organization's order form (the designer's `actions`). */
export interface OrderFormRights {
  change: boolean;
}

/** The caller's organization's form (refused without the `order` page flag) and the caller's rights on it. */
export async function formAccess(
  db: Queryable,
  actor: Actor,
): Promise<{ custId: string; rights: OrderFormRights }> {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  if (!(await repo.pageOrderOf(db, actor.custId))) throw new AppError(OrderFormErrors.notEnabled);
  return { custId: actor.custId, rights: { change: (await roleIn(db, actor, actor.custId)) === 'owner' } };
}

/** A case's filled forms as the rule has them (orders.presenter shows them). */
interface CaseForm {
  custId: string;
}

/**
 * The filled order forms a holder of a case sees: the sender every receiver's, a receiver its own, a third party a
 * lab forwarded the case to the forwarding lab's (the form the case reached it with). `role` is the holder's copy's
 * (BoxRole: sender or receiver).
 */
export function filledFormsSeenBy<F extends CaseForm>(
  viewer: { custId: string; role: number; forwardedBy: string | null },
  forms: readonly F[],
): F[] {
  return viewer.role === BoxRole.sender
    ? [...forms]
    : forms.filter((f) => f.custId === (viewer.forwardedBy ?? viewer.custId));
}
