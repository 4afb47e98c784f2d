import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  attentionQuery,
  compareQuery,
  compareSide,
  dashboard,
  dashboardAttention,
  dashboardQuery,
  envelope,
  paged,
  statsExportQuery,
  StatsErrors,
  statsRow,
  statsSettings,
  statsSubjects,
  statsTableQuery,
  statsThresholds,
  timeZoneBody,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/http-files.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './stats.service.ts';

const security = [{ bearer: [] }];
const tags = ['statistics'];
const member = { access: 'member' as const, validationError: StatsErrors.parameter };
const DEFINITIONS =
  'Figures count the case copies of an organization (sent and received) by the day each case was first uploaded, ' +
  "in the organization's time zone (customers.time_zone: its creator's browser zone, X-Time-Zone, when it was " +
  'made; an owner changes it with PUT /api/stats/timezone), up to yesterday (the dashboard: up to ' +
  'today). A copy moved to the bin still counts. ' +
  'custId: an organization the caller manages (a child of a parent account) instead of its own; another id ' +
  'answers cust.notFound. partnerId: only the cases exchanged with that organization (received from it, or sent ' +
  'or forwarded to it). Read from daily and monthly aggregates kept in the case transaction (docs/domains.md).';

/** Statistics: the home dashboard, the statistics table and its export, the comparison, thresholds, time zone. */
export const statsRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    const scope = (req: FastifyRequest): service.StatsScope => ({
      db: platform.db,
      actor: requireActor(req),
      ctx: requestContext(req),
    });

    app.get(
      '/api/stats/dashboard',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'The home dashboard figures: day, week and month with comparisons, every day of the range',
          description:
            `${DEFINITIONS} summary: day = today so far, week = the last 7 days, month = the last 30 days, today ` +
            'included in each (issue 33; product §9 said up to yesterday), asOf = today, each with ' +
            'the same window 1, 7 and 30 days earlier (change in percent, null when the earlier value is 0). range: ' +
            '7, 30, 90 days or all (default 7). caseType narrows every figure but received and downloaded.',
          querystring: dashboardQuery,
          response: { 200: envelope(dashboard) },
        },
      },
      async (req) => ok(await service.dashboard(scope(req), req.query)),
    );

    app.get(
      '/api/stats/attention',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "The home dashboard's network, latest cases and what needs attention (not filtered)",
          description:
            'partners: clinics and labs the organization exchanged cases with, lends devices to or borrows from ' +
            '(live), or cooperates with. attention: under review; authorizations either way ending within 7 days; ' +
            'devices owned or borrowed without a live receiver; received copies of the last 30 days (today ' +
            'included) nobody has downloaded; for an organization without any case, its next step. custId: as for ' +
            'the dashboard.',
          querystring: attentionQuery,
          response: { 200: envelope(dashboardAttention) },
        },
      },
      async (req) => ok(await service.attention(scope(req), req.query.custId)),
    );

    app.get(
      '/api/stats/subjects',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            'Whose figures the caller may choose (its organization and children) and the partners to filter by',
          querystring: z.object({ custId: uuidParam.optional() }),
          response: { 200: envelope(statsSubjects) },
        },
      },
      async (req) => ok(await service.subjects(scope(req), req.query.custId)),
    );

    app.get(
      '/api/stats/table',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            'The statistics table (product §3): per partner organization and month, sortable and paged',
          description:
            `${DEFINITIONS} One row per organization on the other side of the cases and month, from its first ` +
            'month to `to` (default: the month of yesterday); months without cases count 0. difference: total ' +
            "minus the same organization's total of the month before. sort: month (default), clinic, total, ortho, " +
            'restoration, implant, difference; order desc (default) or asc.',
          querystring: statsTableQuery,
          response: { 200: envelope(paged(statsRow)) },
        },
      },
      async (req) => ok(await service.table(scope(req), req.query)),
    );

    app.get(
      '/api/stats/table/export',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'Every row of the statistics table, in its order, as CSV (UTF-8) or an Excel workbook',
          description:
            'Headings in the Accept-Language language. Text cells that a spreadsheet would read as a formula ' +
            "(starting with =, +, -, @, tab or carriage return) are prefixed with '.",
          querystring: statsExportQuery,
        },
      },
      async (req, reply) => {
        const file = await service.exportTable(scope(req), req.query, req.headers['accept-language']);
        return reply
          .header('content-type', file.type)
          .header('content-disposition', contentDisposition(file.name))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.get(
      '/api/stats/compare',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: 'One side of the comparison: key indicators, every month, cases by scanner over a period',
          description:
            `${DEFINITIONS} from, to: months (YYYY-MM), at most 120 months apart; to is cut at the month of ` +
            'yesterday. The web app asks twice for two periods or two organizations side by side. The by-scanner ' +
            "figures of the current month include today's cases.",
          querystring: compareQuery,
          response: { 200: envelope(compareSide) },
        },
      },
      async (req) => ok(await service.compare(scope(req), req.query)),
    );

    app.get(
      '/api/stats/settings',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "The caller's thresholds and its organization's time zone",
          response: { 200: envelope(statsSettings) },
        },
      },
      async (req) => ok(await service.settings(scope(req))),
    );

    app.put(
      '/api/stats/thresholds',
      {
        config: member,
        schema: {
          tags,
          security,
          summary:
            "Sets the caller's abnormal-upload and difference thresholds (null: none); kept for the person",
          body: statsThresholds,
          response: { 200: envelope(statsSettings) },
        },
      },
      async (req) => ok(await service.saveThresholds(scope(req), req.body)),
    );

    app.put(
      '/api/stats/timezone',
      {
        config: member,
        schema: {
          tags,
          security,
          summary: "Sets the organization's time zone (owners) and recounts its statistics in it",
          description: 'An IANA name (Europe/Berlin). Refusals: org.notOwner, stats.timeZone (unknown zone).',
          body: timeZoneBody,
          response: { 200: envelope(statsSettings) },
        },
      },
      async (req) => ok(await service.setTimeZone(scope(req), req.body.timeZone)),
    );
  };
