import { CompareErrors, type ErrorDef } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { custOf, refusalOf } from '../cases/cases.access.ts';

/**
 * The rights on scan work, written once. Converting, building a model and seeing a case's models need the `convert`,
 * `model` and `models` rights on the caller's copy (cases.access); a comparison needs `compare` on both copies, and
 * its result is the organization's that started it. Imports only cases.access along the graph, the contract and
 * types.
 */

type CopyFacts = Parameters<typeof refusalOf>[0];

/** Why the caller may not use its copy (or no copy) as a side of a comparison, or null when it may. */
export const compareSideRefusal = (
  copy: CopyFacts | undefined,
  actor: Actor,
  now = new Date(),
): ErrorDef | null => (copy ? refusalOf(copy, 'compare', now, actor.custType) : CompareErrors.notFound);

/** Why the caller may not see a comparison job (another organization's, or not a comparison), or null. */
export const compareJobRefusal = (
  job: { kind: string; requestedCust: string | null } | undefined,
  actor: Actor,
): ErrorDef | null =>
  job && job.kind === 'compare' && job.requestedCust !== null && job.requestedCust === custOf(actor)
    ? null
    : CompareErrors.notFound;
