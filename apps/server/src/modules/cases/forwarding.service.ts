import {
  CaseErrors,
  ForwardErrors,
  RealtimeEvent,
  type CaseChangedMessage,
  type CaseRow,
  type ForwardCaseBody,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { cooperateNow } from '../partners/partners.service.ts';
import { custOf, forwardsCases, refuse, requireCertified } from './cases.access.ts';
import { caseAudit, copyOf, type Scope } from './cases.scope.ts';
import { present } from './cases.service.ts';
import * as repo from './forwarding.repository.ts';
import { caseReceived } from '../notices/case-notices.ts';
import { announce, type NoticeRow } from '../notices/notices.service.ts';

/**
 * `POST /api/case/forward {id, custId}`: a lab forwards a case it received to a third party it has an open
 * cooperation with, in one transaction with its audit entry. Refused: not a lab (`forward.notLab`); not the
 * caller's case, or in its bin (`case.notFound`); a copy it sent or one forwarded to it (`forward.notReceived`);
 * encrypted data (`forward.encrypted`: sealed for the receiver); a cancelled case (`forward.cancelled`); already
 * forwarded (`forward.already`); the lab not verified (`case.certificationRequired`, as for downloading a received
 * case); no open cooperation with that organization, whatever it is (`forward.noCooperation`); an organization that
 * already holds the case, its sender for one (`forward.alreadyHolds`). A refusal is audited.
 */
export async function forward(s: Scope, body: ForwardCaseBody): Promise<CaseRow> {
  try {
    return await forwardOnce(s, body);
  } catch (err) {
    if (err instanceof AppError && err.def !== CaseErrors.notFound)
      await audit(
        s.db,
        s.ctx,
        caseAudit(s, 'case.forward', body.id, 'refused', { to: body.custId, key: err.def.key }),
      );
    throw err;
  }
}

async function forwardOnce(s: Scope, body: ForwardCaseBody): Promise<CaseRow> {
  const custId = custOf(s.actor);
  if (!forwardsCases(s.actor.custType)) return refuse(ForwardErrors.notLab);
  let told: NoticeRow[] = [];
  const row = await s.db.transaction(async (tx) => {
    // Locks the lab's copy: two forwards at once, the second finds it forwarded.
    const row = await copyOf(s, body.id, 'case.forward', { lock: true, db: tx, right: 'forward' });
    await requireCertified({ ...s, db: tx });
    if (body.custId === custId || !(await cooperateNow(tx, custId, body.custId)))
      return refuse(ForwardErrors.noCooperation);
    if (await repo.holdsCopy(tx, body.id, body.custId)) return refuse(ForwardErrors.alreadyHolds);
    if (
      !(await repo.forwardCopy(tx, {
        caseId: body.id,
        labCustId: custId,
        thirdPartyId: body.custId,
        caseCreatedAt: row.record.createdAt,
      }))
    )
      return refuse(ForwardErrors.already);
    await audit(tx, s.ctx, caseAudit(s, 'case.forward', body.id, 'allowed', { to: body.custId }));
    // The third party receives a case: its members are told as for a new case (once per case and person).
    if (s.platform)
      told = await caseReceived(tx, s.platform, {
        caseId: body.id,
        senderCustId: custId,
        receivers: [body.custId],
      });
    return { ...row, box: { ...row.box, forwardedTo: body.custId } };
  });
  // The third party's open case box shows the case without a reload.
  s.platform?.realtime.toOrg(body.custId, RealtimeEvent.caseChanged, {
    id: body.id,
    reason: 'received',
    patientName: row.record.patientName,
  } satisfies CaseChangedMessage);
  if (s.platform && told.length) {
    announce(s.platform, told);
    s.platform.mail.wake();
  }
  return present(s, row);
}
