import type { Access } from '../../platform/access.ts';
import type { Actor } from '../../platform/auth.ts';

/**
 * Whose notices a caller sees and marks read: only its own. Every notice belongs to one person, so the caller's
 * rights on a whole page of notices are one filter (`user_id` = this) in the query that reads or marks them
 * (notices.repository); another person's notice id is simply not among the caller's.
 */
export const noticeOwner = (actor: Actor): string => actor.userId;

/**
 * The bell and the service desk's contacts: every signed-in person reads its own notices and the contacts for its
 * area; only the platform administrator lists and writes the contacts (the console). Declared by the routes,
 * enforced by the access hook (code 100).
 */
export const NoticesAccess = { read: 'signedIn', editContacts: 'admin' } as const satisfies Record<
  string,
  Access
>;
