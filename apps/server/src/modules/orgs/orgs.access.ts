import { CustErrors } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The caller's organization. Routes declared `access: 'member'` are refused earlier by the access hook;
 * services still check, so a service called from elsewhere cannot act without an organization.
 */
export function memberOrg(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}
