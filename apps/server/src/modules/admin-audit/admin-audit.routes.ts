import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditLogErrors,
  AuditLogLimits,
  auditLogExportQuery,
  auditLogPage,
  auditLogQuery,
  envelope,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { contentDisposition, sendStream } from '../../platform/http-files.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './admin-audit.service.ts';
import { AuditLogAccess } from './admin-audit.access.ts';

const security = [{ bearer: [] }];
const tags = ['administration'];

const FILTERS =
  'Filters (all optional, combined with AND): cust = the acting organization id; user = the acting user id or ' +
  'username (any letter case; an unknown name matches nothing); objectType and objectId exact (either or both); ' +
  'action exact (customer.audit) or a prefix when it ends with "." or "*" (device., device.*); outcome allowed or ' +
  'refused; from (inclusive) and to (exclusive) ISO instants with a zone (2026-11-28T09:00:00Z). ' +
  'Refusals: audit.date (-3) for a date that is not such an instant, audit.range (-4) when from is not before to, ' +
  'audit.parameter (-1) for anything else that does not fit.';

/**
 * The audit log in the administrator's console (not in the spec: paths chosen here). Everyone else is refused
 * with HTTP 403 code 100 (the access hook).
 */
export const adminAuditRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = platform;
    const scope = (req: Parameters<typeof requireActor>[0]) => ({
      db,
      ctx: requestContext(req),
      actor: requireActor(req),
    });

    app.get(
      '/api2/admin/audit',
      {
        config: { access: AuditLogAccess.read, validationError: AuditLogErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'The audit log (administrators), newest first, paged by key: each row with its actor’s username and organization name',
          description:
            `${FILTERS} Paging: limit rows per page (1–${AuditLogLimits.maxLimit}, default ${AuditLogLimits.defaultLimit}; ` +
            'audit.limit -5 otherwise); before = the previous answer’s next (rows with a smaller id; audit.cursor -2 ' +
            'when it is not a positive integer). The answer is {rows, next}: next is the before of the following page, ' +
            'null on the last one. Rows written meanwhile never shift a page. Every read is itself audited (audit.read, ' +
            'with the filters in detail).',
          querystring: auditLogQuery,
          response: { 200: envelope(auditLogPage) },
        },
      },
      async (req) => ok(await service.list(scope(req), req.query)),
    );

    app.get(
      '/api2/admin/audit/export',
      {
        config: { access: AuditLogAccess.read, validationError: AuditLogErrors.parameter },
        schema: {
          tags,
          security,
          summary: 'The audit log as CSV (administrators): every row the filters match, newest first',
          description:
            `${FILTERS} UTF-8 with a byte-order mark; columns id, at (ISO, UTC), actor_user_id, actor_username, ` +
            'actor_cust_id, actor_cust_name, action, object_type, object_id, outcome, ip, request_id, detail (JSON). ' +
            'Text cells a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) get a ' +
            `leading '. Streamed in chunks read by key; at most ${AuditLogLimits.exportCap} rows, then a last line ` +
            'starting with "# Export stopped" says more rows match. File name audit-log-<date>.csv. Refusals answer ' +
            'the JSON envelope before any byte of the file. Every export is itself audited (audit.export).',
          querystring: auditLogExportQuery,
        },
      },
      async (req, reply) => {
        const file = await service.exportCsv(scope(req), req.query);
        return sendStream(reply, 'text/csv; charset=utf-8', contentDisposition(file.name), file.stream);
      },
    );
  };
