import type { Actor } from '../../platform/auth.ts';
import type { Queryable } from '../../platform/db/client.ts';
import * as repo from './directory.repository.ts';

/**
 * The directory's rights: what a viewer sees of the organizations and people it finds. The presenters
 * (directory.presenter) only apply what these answer; the privacy bits themselves are the contract's `shownField`.
 */

/** An organization's own members see all of its public details; others what its privacy mask shows. */
export const seesAllOf = (custId: string, viewerCustId: string | null) => custId === viewerCustId;

/**
 * Which of a person's contact fields (e-mail, phone) a viewer sees:
 * - `always`: the person, a platform administrator, an owner of an organization the person belongs to;
 * - `whereAllowed`: a fellow member of one of the person's organizations, or a member of an organization in an open
 *   cooperation with one of them, where the person's search setting for that field is on (off unless they turned
 *   it on, as an organization's privacy hides its e-mail and phone unless it shows them);
 * - `never`: anybody else (a fresh account, an organization with no tie to the person), whatever the settings. The
 *   search settings decide who can FIND the person by a field, not who is shown it.
 */
export type ContactRight = 'always' | 'whereAllowed' | 'never';

/** What one viewer sees of one person: its contact right and the organization they share (role, joined date). */
export interface PersonView {
  contact: ContactRight;
  shared: repo.Shared | undefined;
}

/** The rule above, from the ties already read (see `personViewsOf`). */
export function contactRight(
  personId: string,
  viewer: { userId: string; isAdmin: boolean },
  ties: { shared: repo.Shared | undefined; partner: boolean },
): ContactRight {
  if (personId === viewer.userId || viewer.isAdmin || ties.shared?.viewerRole === 'owner') return 'always';
  return ties.shared || ties.partner ? 'whereAllowed' : 'never';
}

/**
 * The caller's view of each of these people, with the ties that decide it (two queries for any number): the
 * organizations they share with the caller, and whether they belong to one in an open cooperation with the
 * caller's.
 */
export async function personViewsOf(
  db: Queryable,
  actor: Actor,
  ids: string[],
): Promise<(personId: string) => PersonView> {
  const [shared, partners] = await Promise.all([
    repo.sharedMemberships(db, actor.userId, ids),
    repo.cooperatingPeople(db, actor.custId, ids),
  ]);
  return (personId) => {
    const ties = { shared: shared.get(personId), partner: partners.has(personId) };
    return { contact: contactRight(personId, actor, ties), shared: ties.shared };
  };
}
