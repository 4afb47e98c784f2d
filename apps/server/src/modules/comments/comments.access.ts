import type { ErrorDef } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { previewExpired, refusalOf } from '../cases/cases.access.ts';

/**
 * The rights on comments, written once: posting needs the `comment` right on the caller's copy of the case
 * (cases.access: in the box, within the 90-day window); reading and marking read need only the copy. Imports only
 * cases.access along the graph, the contract and types.
 */

type CopyFacts = Parameters<typeof refusalOf>[0];

/** Why the caller may not post on its copy of the case, or null when it may. */
export const commentRefusal = (copy: CopyFacts, actor: Actor, now = new Date()): ErrorDef | null =>
  refusalOf(copy, 'comment', now, actor.custType);

/** A row of the comment list offers posting while the case is within its 90-day window (`canComment`). */
export const canCommentOn = (caseCreatedAt: Date, now: Date) => !previewExpired(caseCreatedAt, now);
