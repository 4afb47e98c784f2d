import { ShareLinkErrors, type ErrorDef } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { custOf } from '../cases/cases.access.ts';
import * as repo from './report-shares.repository.ts';

/**
 * The rights on report links, written once. Making a link needs the `share` right on the caller's copy of the case
 * (cases.access); revoking one is its organization's own; an anonymous holder of a link reads only what the link
 * shows while it is live. Imports only its repository, cases.access along the graph, the contract and types.
 */

type ShareFacts = { custId: string; revokedAt: Date | null; expiresAt: Date };

/** Whether a link still opens the report: neither revoked nor expired. */
export const shareLive = (share: Pick<ShareFacts, 'revokedAt' | 'expiresAt'>, now = new Date()) =>
  !share.revokedAt && share.expiresAt.getTime() > now.getTime();

/**
 * Why the caller may not revoke this link, or null when it may: only the organization that made it (another's link
 * answers as an unknown one). Revoking a revoked link again is allowed and changes nothing.
 */
export const revokeRefusal = (share: ShareFacts | undefined, actor: Actor): ErrorDef | null =>
  share && share.custId === custOf(actor) ? null : ShareLinkErrors.expired;

/** The live link a token opens, or undefined (unknown, revoked or expired). */
export async function liveShareOf(db: Queryable, tokenHash: string, now = new Date()) {
  const share = await repo.shareByToken(db, tokenHash);
  return share && shareLive(share, now) ? share : undefined;
}

/** The stored files a link's report page may show: its organization's logo, background, pictures and video. */
export const sharedAssetIds = (
  org:
    | { logo: string | null; background: string | null; shareVideo: string | null; sharePictures: string[] }
    | undefined,
): string[] =>
  org
    ? [org.logo, org.background, org.shareVideo, ...org.sharePictures].filter((id): id is string => !!id)
    : [];
