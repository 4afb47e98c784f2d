import type { Access } from '../../platform/access.ts';

/**
 * Who reads the audit log and its export: the platform administrator only (entries of every organization and
 * person). No per-caller objects: one level, declared by the routes and enforced by the access hook (code 100).
 */
export const AuditLogAccess = { read: 'admin' } as const satisfies Record<string, Access>;
