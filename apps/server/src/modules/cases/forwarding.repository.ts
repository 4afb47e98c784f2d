import { and, eq, sql } from 'drizzle-orm';
import { BoxRole, ProcessStatus } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { caseBoxes } from './cases.schema.ts';

/** Whether the organization holds a copy of the case (any copy, even one emptied from its bin). */
export async function holdsCopy(db: Queryable, caseId: string, custId: string): Promise<boolean> {
  const rows = await db
    .select({ role: caseBoxes.role })
    .from(caseBoxes)
    .where(and(eq(caseBoxes.caseId, caseId), eq(caseBoxes.custId, custId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Forwards the lab's copy: marks it with the third party and gives the third party a received copy (role 2, lab
 * progress "received", `forwarded_by` the lab). The insert trigger fills the new copy's search text (patient,
 * doctor, sender) and adds the third party's name to the sender's; the lab's own copy gets it here, so each side can
 * find the case by the third party's name. Only a copy not forwarded yet changes: returns false otherwise.
 */
export async function forwardCopy(
  db: Queryable,
  input: { caseId: string; labCustId: string; thirdPartyId: string; caseCreatedAt: Date },
): Promise<boolean> {
  const marked = await db
    .update(caseBoxes)
    .set({
      forwardedTo: input.thirdPartyId,
      search: sql`concat_ws(' ', ${caseBoxes.search}, (select ${customers.name} from ${customers} where ${customers.id} = ${input.thirdPartyId}))`,
    })
    .where(
      and(
        eq(caseBoxes.caseId, input.caseId),
        eq(caseBoxes.custId, input.labCustId),
        sql`${caseBoxes.forwardedTo} is null`,
      ),
    )
    .returning({ caseId: caseBoxes.caseId });
  if (!marked.length) return false;
  await db.insert(caseBoxes).values({
    caseId: input.caseId,
    custId: input.thirdPartyId,
    role: BoxRole.receiver,
    caseCreatedAt: input.caseCreatedAt,
    processStatus: ProcessStatus.received,
    forwardedBy: input.labCustId,
  });
  return true;
}
