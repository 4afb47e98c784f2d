import { CustErrors, OrderFormErrors, OrgErrors } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { roleIn } from '../orgs/orgs.access.ts';
import * as repo from './orders.repository.ts';

/**
 * Who designs an organization's order form: the designer needs the organization's `order` page flag
 * (`customers.page_order`, else `orderForm.notEnabled`); any member reads the form, only its administrator (membership
 * role `owner`, as for the organization's other settings) changes it (`org.notOwner`).
 */
export async function designerOrg(db: Queryable, actor: Actor, change: boolean): Promise<string> {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  if (!(await repo.pageOrderOf(db, actor.custId))) throw new AppError(OrderFormErrors.notEnabled);
  if (change && (await roleIn(db, actor, actor.custId)) !== 'owner') throw new AppError(OrgErrors.notOwner);
  return actor.custId;
}
