import {
  CooperationErrors,
  type CooperationListQuery,
  type CooperationRow,
  type ErrorDef,
  type PartnerListQuery,
} from '@archway/contract';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type AuditEntry, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import type { Mailer } from '../../platform/mail/mail.ts';
import { memberOrg } from '../orgs/orgs.access.ts';
import { ownerRecipients } from '../orgs/orgs.service.ts';
import { cooperationMail, type CooperationEvent } from './cooperation-mail.ts';
import { cooperationRefusal, cooperationViewer } from './partners.access.ts';
import { presentCooperation, presentPartner } from './partners.presenter.ts';
import * as repo from './partners.repository.ts';

export interface PartnerScope {
  db: Db;
  ctx: RequestContext;
  actor: Actor;
  /** Mail to the other organization's owners (queued in the change's transaction), and the /partner link. */
  mail?: { mailer: Mailer; publicUrl: string };
}

/** Tells the other organization's owners (each in their language), in the change's transaction. */
async function notify(
  s: PartnerScope,
  tx: Queryable,
  event: CooperationEvent,
  toCustId: string,
  fromCustId: string,
) {
  if (!s.mail) return;
  // One after the other: a transaction is one connection, which runs one query at a time.
  const from = await repo.findOrg(tx, fromCustId);
  const to = await repo.findOrg(tx, toCustId);
  const link = `${s.mail.publicUrl}/v5/partner`;
  for (const r of await ownerRecipients(tx, toCustId))
    await s.mail.mailer.send(
      tx,
      cooperationMail(event, r.language, r.email, {
        username: r.username,
        org: from?.name ?? '',
        self: to?.name ?? '',
        link,
      }),
    );
}

/** `GET /api2/cust/partner`: the organizations the caller's exchanges devices or cases with, a page by name. */
export async function partners(s: PartnerScope, q: PartnerListQuery) {
  const custId = memberOrg(s.actor);
  const { total, rows } = await repo.listPartners(
    s.db,
    {
      custId,
      type: q.type,
      key: q.key,
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
      language: s.actor.language,
    },
    new Date(),
  );
  return {
    records: rows.map(presentPartner),
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

// ---- third-party cooperation ----------------------------------------------------------------------------

const entry = (
  s: PartnerScope,
  action: string,
  id: string | null,
  outcome: AuditEntry['outcome'],
  detail?: Record<string, unknown>,
): AuditEntry => ({
  actorUserId: s.actor.userId,
  actorCustId: s.actor.custId,
  action,
  objectType: 'cooperation',
  objectId: id,
  outcome,
  detail,
});

/** Runs a change in one transaction; a refusal rolls it back and is audited outside it. */
async function guarded<T>(
  s: PartnerScope,
  action: string,
  id: string | null,
  fn: (tx: Queryable) => Promise<T>,
) {
  try {
    return await s.db.transaction(fn);
  } catch (err) {
    const def: ErrorDef | undefined =
      err instanceof AppError ? err.def : isUniqueViolation(err) ? CooperationErrors.exists : undefined;
    if (!def) throw err;
    await audit(s.db, s.ctx, entry(s, action, id, 'refused', { code: def.code, key: def.key }));
    throw err instanceof AppError ? err : new AppError(def);
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const refuse = (def: ErrorDef): never => {
  throw new AppError(def);
};

/** `GET /api2/cust/cooperation`: both directions, each with its state and what the caller may do. */
export async function cooperations(s: PartnerScope, q: CooperationListQuery) {
  const custId = memberOrg(s.actor);
  const { total, rows } = await repo.listCooperations(s.db, {
    custId,
    state: q.state,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  });
  const viewer = await cooperationViewer(s.db, custId);
  return {
    records: rows.map((r) => presentCooperation(r, viewer)),
    totalRecords: total,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

/**
 * `POST /api2/cust/cooperation {custId}`: a verified organization applies to another verified organization. One
 * live (applied or open) cooperation per pair, whichever side applied: the database's unique index decides a race.
 */
export async function apply(s: PartnerScope, partnerId: string): Promise<CooperationRow> {
  const custId = memberOrg(s.actor);
  const id = await guarded(s, 'cooperation.apply', null, async (tx) => {
    if (!repo.isVerified(await repo.findOrg(tx, custId))) refuse(CooperationErrors.notVerified);
    if (partnerId === custId) refuse(CooperationErrors.self);
    const partner = await repo.findOrg(tx, partnerId);
    if (!partner) refuse(CooperationErrors.partnerNotFound);
    if (!repo.isVerified(partner)) refuse(CooperationErrors.partnerNotVerified);
    const id = await repo.insertCooperation(tx, {
      applicantId: custId,
      partnerId,
      createdBy: s.actor.userId,
    });
    await notify(s, tx, 'applied', partnerId, custId);
    await audit(tx, s.ctx, entry(s, 'cooperation.apply', id, 'allowed', { partner: partnerId }));
    return id;
  });
  return presentCooperation(
    (await repo.findCooperation(s.db, id, custId))!,
    await cooperationViewer(s.db, custId),
  );
}

/** `PUT /api2/cust/cooperation/{id} {accept}`: the side applied to (verified) opens it, or refuses (closed). */
export async function decide(s: PartnerScope, id: string, accept: boolean): Promise<CooperationRow> {
  const custId = memberOrg(s.actor);
  const action = accept ? 'cooperation.accept' : 'cooperation.refuse';
  await guarded(s, action, id, async (tx) => {
    const c = await repo.findCooperation(tx, id, custId, { lock: true });
    if (!c) return refuse(CooperationErrors.notFound);
    const why = cooperationRefusal(c, await cooperationViewer(tx, custId), accept ? 'accept' : 'refuse');
    if (why) return refuse(why);
    await repo.decideCooperation(tx, id, accept, custId, new Date());
    await notify(s, tx, accept ? 'accepted' : 'refused', c.applicantId, custId);
    await audit(tx, s.ctx, entry(s, action, id, 'allowed', { applicant: c.applicantId }));
  });
  return presentCooperation(
    (await repo.findCooperation(s.db, id, custId))!,
    await cooperationViewer(s.db, custId),
  );
}

/**
 * `DELETE /api2/cust/cooperation/{id}`: either side closes a live cooperation (the applicant withdraws its
 * application, the side applied to drops it, or either ends an open one; partners.access `cooperationRefusal`). Cases already forwarded stay with the third party.
 */
export async function cancel(s: PartnerScope, id: string): Promise<CooperationRow> {
  const custId = memberOrg(s.actor);
  await guarded(s, 'cooperation.cancel', id, async (tx) => {
    const c = await repo.findCooperation(tx, id, custId, { lock: true });
    if (!c) return refuse(CooperationErrors.notFound);
    const why = cooperationRefusal(c, await cooperationViewer(tx, custId), 'cancel');
    if (why) return refuse(why);
    await repo.closeCooperation(tx, id, custId, new Date());
    await notify(s, tx, 'ended', c.applicantId === custId ? c.partnerId : c.applicantId, custId);
    await audit(tx, s.ctx, entry(s, 'cooperation.cancel', id, 'allowed', { state: c.state }));
  });
  return presentCooperation(
    (await repo.findCooperation(s.db, id, custId))!,
    await cooperationViewer(s.db, custId),
  );
}

/** Whether two organizations cooperate now (an open cooperation, whichever side applied). */
export const cooperateNow = (db: Queryable, a: string, b: string) => repo.hasOpenCooperation(db, a, b);
