import type { Access } from '../../platform/access.ts';

/**
 * Who may do what with release notes and client downloads: every signed-in person reads them; a note's image is
 * public (an <img> sends no token; only images of existing notes are served); each person reads and writes only
 * their own seen version (the service uses the caller's id, never one from the request); only the platform administrator
 * writes, publishes and deletes them (the console). No per-caller objects: a level per call, declared by the routes
 * and enforced by the access hook (code 100) before a service runs.
 */
export const UpdatesAccess = {
  read: 'signedIn',
  seen: 'signedIn',
  image: 'public',
  edit: 'admin',
} as const satisfies Record<string, Access>;
