import type { ReceiverForm } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { publishedReceiverForms } from '../orders/filling.service.ts';
import type { Scope } from './cases.scope.ts';
import { usableDevice } from './cases.service.ts';
import * as repo from './cases.repository.ts';

/** The labs a case of this device and type, sent by this organization, is routed to now. */
export const receiversOf = (db: Queryable, deviceId: string, caseType: number, senderCustId: string) =>
  repo.routeTargets(db, deviceId, caseType, senderCustId, new Date());

/**
 * `GET /api/order/forms?device=&type=`: what a clinic fills before sending a case with this device (the caller must
 * be allowed to upload with it, else case.deviceNotUsable). A lab whose order page is off, or that never synchronized
 * a form, has none here and its copy of the case carries no form.
 */
export async function receiverForms(s: Scope, serial: string, caseType: number): Promise<ReceiverForm[]> {
  if (!s.actor.custId) return [];
  const device = await usableDevice(s.db, s.actor, serial);
  return publishedReceiverForms(s.db, await receiversOf(s.db, device.id, caseType, s.actor.custId));
}
