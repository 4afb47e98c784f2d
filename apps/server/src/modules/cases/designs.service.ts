import {
  BoxRole,
  bridgeInArchOrder,
  DesignErrors,
  designProblem,
  type CaseDesign,
  type DesignNoteBody,
  type ErrorDef,
  type SaveDesignBody,
} from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { accessOf, custOf, refusalOf, type CaseRight } from './cases.access.ts';
import { caseAudit, copyOf, type Scope } from './cases.scope.ts';
import type { BoxRow } from './cases.repository.ts';
import { presentDesign } from './designs.presenter.ts';
import * as repo from './designs.repository.ts';

/** Refuses and audits the refusal (a case the caller does not hold is audited by `copyOf`). */
async function refuseAudited(
  s: Scope,
  action: string,
  caseId: string,
  def: ErrorDef,
  field?: string,
): Promise<never> {
  await audit(s.db, s.ctx, caseAudit(s, action, caseId, 'refused', { key: def.key, field }));
  throw new AppError(def, field);
}

/** Refuses (audited) when the caller's copy does not allow the change (cases.access has the rule). */
async function requireAudited(s: Scope, action: string, row: BoxRow, right: CaseRight): Promise<void> {
  const why = refusalOf(row, right, new Date(), s.actor.custType);
  if (why) await refuseAudited(s, action, row.record.id, why);
}

/**
 * Whose design notes the caller sees: the sender every receiver's; a receiver its own and the one of the
 * organization at the other end of its forwarding (the third party it forwarded to, or the lab that forwarded it).
 */
function visibleNoteOrgs(row: BoxRow, custId: string): string[] | undefined {
  if (row.box.role === BoxRole.sender) return undefined;
  return [custId, row.box.forwardedTo, row.box.forwardedBy].filter((c): c is string => !!c);
}

async function view(s: Scope, caseId: string, row: BoxRow): Promise<CaseDesign> {
  const custId = custOf(s.actor);
  const [design, notes] = await Promise.all([
    repo.findDesign(s.db, caseId),
    repo.listNotes(s.db, caseId, visibleNoteOrgs(row, custId)),
  ]);
  return presentDesign(caseId, design, notes, accessOf(row, new Date(), s.actor.custType), custId);
}

/**
 * `GET /api/case/design/{id}`: the design for any organization holding the case (sender, receivers, the third party
 * it was forwarded to; a copy in the bin too, as the detail); anyone else is told `case.notFound`. Audited.
 */
export async function getDesign(s: Scope, caseId: string): Promise<CaseDesign> {
  const row = await copyOf(s, caseId, 'case.design.read');
  const out = await view(s, caseId, row);
  await audit(s.db, s.ctx, caseAudit(s, 'case.design.read', caseId, 'allowed', { teeth: out.teeth.length }));
  return out;
}

/**
 * `POST /api/case/design`: the sending organization writes the whole design. Refused: a case the caller does not
 * hold or has binned (`case.notFound`); a receiver (`design.notSender`); an unknown or repeated tooth
 * (`design.tooth`, field `teeth`/`bridges`); a bridge that is not two or more neighbouring teeth of one arch, or
 * shares a tooth with another (`design.bridge`, field `bridges`). Bridges are stored in arch order. Audited.
 */
export async function saveDesign(s: Scope, body: SaveDesignBody): Promise<CaseDesign> {
  const action = 'case.design.save';
  const row = await copyOf(s, body.caseId, action);
  await requireAudited(s, action, row, 'design');
  const problem = designProblem(body);
  if (problem?.kind === 'tooth') {
    const inTeeth = body.teeth.some((t) => t.tooth === problem.tooth);
    return refuseAudited(s, action, body.caseId, DesignErrors.tooth, inTeeth ? 'teeth' : 'bridges');
  }
  if (problem?.kind === 'bridge')
    return refuseAudited(s, action, body.caseId, DesignErrors.bridge, 'bridges');
  const bridges = body.bridges.map(bridgeInArchOrder);
  await s.db.transaction(async (tx) => {
    await repo.saveDesign(tx, {
      caseId: body.caseId,
      teeth: body.teeth,
      bridges,
      note: body.note,
      userId: s.actor.userId,
    });
    await audit(
      tx,
      s.ctx,
      caseAudit(s, action, body.caseId, 'allowed', { teeth: body.teeth.length, bridges: bridges.length }),
    );
  });
  return view(s, body.caseId, row);
}

/**
 * `PUT /api/case/design/note`: a receiving organization (a lab the case was sent to, or the third party it was
 * forwarded to) writes its own design note; an empty note removes it. Refused: not held or binned
 * (`case.notFound`), the sender (`design.notReceiver`). Audited.
 */
export async function saveNote(s: Scope, body: DesignNoteBody): Promise<CaseDesign> {
  const action = 'case.design.note';
  const custId = custOf(s.actor);
  const row = await copyOf(s, body.caseId, action);
  await requireAudited(s, action, row, 'designNote');
  await s.db.transaction(async (tx) => {
    if (body.note)
      await repo.saveNote(tx, { caseId: body.caseId, custId, note: body.note, userId: s.actor.userId });
    else await repo.deleteNote(tx, body.caseId, custId);
    await audit(tx, s.ctx, caseAudit(s, action, body.caseId, 'allowed', { removed: !body.note }));
  });
  return view(s, body.caseId, row);
}
