import type { Access } from '../../platform/access.ts';

/**
 * Who may do what with the help pages: every signed-in person reads them; only the platform administrator edits,
 * adds, orders and deletes them (the console). There are no per-caller objects (a page is the same for everyone), so
 * the rule is a level per call: the routes declare these, and the access hook refuses anyone else (code 100) before
 * a service runs.
 */
export const HelpAccess = { read: 'signedIn', edit: 'admin' } as const satisfies Record<string, Access>;
