import type { ErrorDef } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './comments.repository.ts';
import { previewExpired, refusalOf } from '../cases/cases.access.ts';

/**
 * The rights on comments, written once: posting needs the `comment` right on the caller's copy of the case
 * (cases.access: in the box, within the 90-day window); reading and marking read need only the copy; a comment's
 * image is read by the organizations holding its case. Imports only its repository, cases.access along the graph,
 * the contract and types.
 */

type CopyFacts = Parameters<typeof refusalOf>[0];

/** Why the caller may not post on its copy of the case, or null when it may. */
export const commentRefusal = (copy: CopyFacts, actor: Actor, now = new Date()): ErrorDef | null =>
  refusalOf(copy, 'comment', now, actor.custType);

/** A row of the comment list offers posting while the case is within its 90-day window (`canComment`). */
export const canCommentOn = (caseCreatedAt: Date, now: Date) => !previewExpired(caseCreatedAt, now);

/**
 * Whether `actor` may read a comment's image (beside its uploader and administrators): its organization holds the
 * case (box or bin, not emptied). Registered with attachments.access as the rule of the private kind `comment`.
 */
export const mayReadCommentImage = async (db: Queryable, actor: Actor, image: { id: string }) =>
  actor.custId !== null && (await repo.commentImageHeldBy(db, image.id, actor.custId));
