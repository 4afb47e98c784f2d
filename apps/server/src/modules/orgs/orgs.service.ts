import { CustErrors, type Customer } from '@archway/contract';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import { mergeProperty } from '../common/property.ts';
import { memberOrg } from './orgs.access.ts';
import { presentCustomer } from './orgs.presenter.ts';
import * as repo from './orgs.repository.ts';

export type { CustomerRow } from './orgs.repository.ts';

export const findCustomer = (db: Db, custId: string) => repo.findCustomerById(db, custId);

/** `GET /api2/cust`: the caller's organization. */
export async function currentCustomer(db: Db, actor: Actor): Promise<Customer> {
  const c = await repo.findCustomerById(db, memberOrg(actor));
  if (!c) throw new AppError(CustErrors.notFound);
  return presentCustomer(c);
}

/** `PUT /api2/cust/property`: merges a patch into the organization's property, in one audited transaction. */
export async function updateCustomerProperty(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const custId = memberOrg(actor);
  return db.transaction(async (tx) => {
    const current = await repo.lockCustomerProperty(tx, custId);
    if (!current) throw new AppError(CustErrors.notFound);
    const property = mergeProperty(current.property, patch);
    await repo.setCustomerProperty(tx, custId, property);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'customer.property',
      objectType: 'customer',
      objectId: custId,
      outcome: 'allowed',
      detail: { patch },
    });
    return property;
  });
}
