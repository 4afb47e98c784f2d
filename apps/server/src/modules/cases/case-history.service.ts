import type { CaseHistory } from '@archway/contract';
import { audit } from '../../platform/audit/audit.ts';
import { custOf, historyViewer, historyVisible } from './cases.access.ts';
import { caseAudit, copyOf, type Scope } from './cases.scope.ts';
import { historyEvents, presentHistory } from './case-history.presenter.ts';
import * as repo from './case-history.repository.ts';

/** The most events a history answers (the newest). */
export const HISTORY_MAX = 500;
/**
 * The most audit entries one history reads (the newest): room for the collapsed downloads and the other
 * organizations' entries the caller does not see, and still a bounded read however long the case lives.
 */
const AUDIT_READ = 4 * HISTORY_MAX;

/**
 * `GET /api/case/history?id=`: what happened to the case, newest first, as the caller's organization may see it
 * (cases.access `historyVisible`). Another organization's case, or a copy emptied from the bin, is `case.notFound`
 * like every case call. Audited (`case.history`, a read: not itself in any history).
 */
export async function history(s: Scope, id: string): Promise<CaseHistory> {
  const row = await copyOf(s, id, 'case.history');
  const custId = custOf(s.actor);
  const copies = await repo.copiesOfCase(s.db, id);
  const entries = await repo.auditEventsOf(s.db, id, AUDIT_READ);
  const uploadedBy = await repo.personName(s.db, row.record.senderUserId);
  const viewer = historyViewer(custId, row.box, row.record.senderCustId, copies);
  const events = historyEvents(row.record, { name: row.senderName, uploadedBy }, copies, entries)
    .filter((e) => historyVisible(viewer, e))
    .slice(0, HISTORY_MAX);
  await audit(s.db, s.ctx, caseAudit(s, 'case.history', id, 'allowed', { count: events.length }));
  return presentHistory(events, custId);
}
