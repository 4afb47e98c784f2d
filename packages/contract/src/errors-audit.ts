/**
 * The catalogue's table for the audit log in the administrator's console (support and back office issue):
 * `GET /api2/admin/audit` and its CSV export. Codes are Archway's (the spec shows none).
 */
import { def } from './error-def.ts';

export const AuditLogErrors = {
  parameter: def(-1, 'audit.parameter', 400, 'Parameter error'),
  cursor: def(-2, 'audit.cursor', 400, 'This page cursor is not valid: start again from the first page'),
  date: def(-3, 'audit.date', 400, 'Dates are ISO instants with a time zone, e.g. 2026-11-28T09:00:00Z'),
  range: def(-4, 'audit.range', 400, 'The time range must start before it ends'),
  limit: def(-5, 'audit.limit', 400, 'A page holds 1 to 200 rows'),
} as const;
