import {
  BoxRole,
  CaseType,
  CompareShifts,
  CustErrors,
  CustStatus,
  CustType,
  Languages,
  type Language,
  DUE_SOON_DAYS,
  OrgErrors,
  StatsErrors,
  SummaryWindows,
  type CompareQuery,
  type CompareSide,
  type Dashboard,
  type DashboardAttention,
  type DashboardQuery,
  type StatsExportQuery,
  type StatsSettings,
  type StatsSubjects,
  type StatsTableQuery,
  type StatsThresholds,
  type SummaryKey,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { loadTemplates } from '../../platform/mail/templates.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import { knownZone, setOrgTimeZone } from '../orgs/orgs.service.ts';
import { mayChangeTimeZone, statsSubject, statsSubjects } from './stats.access.ts';
import { statsCsv, statsRows, statsWorkbook, type ExportTexts } from './stats.presenter.ts';
import * as repo from './stats.repository.ts';
import { sourceUrl } from '../../platform/server-root.ts';

export interface StatsScope {
  db: Db;
  actor: Actor;
  ctx: RequestContext;
  /** The clock (tests set it). */
  now?: Date;
}

const DAY_MS = 86_400_000;
/** How many latest copies the dashboard lists with their download status. */
const RECENT = 8;
/** The longest period the table and the comparison accept, in months. */
const MAX_MONTHS = 120;

// ---- calendar days as 'YYYY-MM-DD' ----------------------------------------------------------------------

/** The calendar day of an instant in a time zone. */
export const localDay = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const monthStart = (month: string) => `${month.slice(0, 7)}-01`;
const addMonths = (month: string, n: number) => {
  const d = new Date(`${monthStart(month)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 7);
};
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7));

/**
 * Today and yesterday in the organization's time zone: the table and the comparison go up to yesterday (product §9);
 * the dashboard up to today (issue 33: today's cases show under its latest cases, so figures that stopped at
 * yesterday contradicted them).
 */
function calendar(s: StatsScope, timeZone: string) {
  const today = localDay(s.now ?? new Date(), timeZone);
  return { today, asOf: addDays(today, -1) };
}

type Counts = repo.Counts;
const ZERO: Counts = { total: 0, orthodontics: 0, implant: 0, restoration: 0, received: 0, downloaded: 0 };
const TYPE_COLUMN = {
  [CaseType.orthodontics]: 'orthodontics',
  [CaseType.implant]: 'implant',
  [CaseType.restoration]: 'restoration',
} as const;

/** Percent change from `before` to `now`, one decimal; null when there was nothing before. */
export const change = (now: number, before: number) =>
  before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;

// ---- the dashboard --------------------------------------------------------------------------------------

/**
 * `GET /api/stats/dashboard`: the day (today so far), week (the last 7 days) and month (the last 30 days), today
 * included, each with the same window 1, 7 and 30 days earlier, and every day of the range up to today. Reads the range's daily rows (at least the
 * 60 days the summary needs), never the cases table.
 */
export async function dashboard(s: StatsScope, q: DashboardQuery): Promise<Dashboard> {
  const org = await statsSubject(s.db, s.actor, q.custId);
  // Up to today, in the organization's zone: the figures count what Latest cases already shows.
  const { today: asOf } = calendar(s, org.timeZone);
  const partner = q.partnerId ?? repo.ALL_PARTNERS;
  const first = q.range === 'all' ? await repo.firstDay(s.db, org.id, partner) : null;
  const start =
    q.range === 'all' ? (first && first <= asOf ? first : asOf) : addDays(asOf, 1 - Number(q.range));
  const readFrom = start < addDays(asOf, -59) ? start : addDays(asOf, -59);
  const rows = await repo.dailyRows(s.db, org.id, partner, readFrom, asOf);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const value = (c: Counts) => (q.caseType ? c[TYPE_COLUMN[q.caseType]] : c.total);
  const sum = (from: string, to: string) => {
    let n = 0;
    for (let d = from; d <= to; d = addDays(d, 1)) n += value(byDay.get(d) ?? ZERO);
    return n;
  };

  const summary = (Object.entries(SummaryWindows) as [SummaryKey, number][]).map(([key, days]) => {
    const from = addDays(asOf, 1 - days);
    const figure = sum(from, asOf);
    return {
      key,
      from,
      to: asOf,
      value: figure,
      compare: CompareShifts.map((shift) => {
        const before = sum(addDays(from, -shift), addDays(asOf, -shift));
        return { days: shift, value: before, change: change(figure, before) };
      }),
    };
  });

  const pick = (r: Counts): Counts => {
    if (!q.caseType) return r;
    const column = TYPE_COLUMN[q.caseType];
    return { ...ZERO, [column]: r[column], total: r[column], received: r.received, downloaded: r.downloaded };
  };
  const series = [];
  const totals = { ...ZERO };
  for (let d = start; d <= asOf; d = addDays(d, 1)) {
    const point = pick(byDay.get(d) ?? ZERO);
    series.push({ day: d, ...point });
    for (const k of Object.keys(totals) as (keyof Counts)[]) totals[k] += point[k];
  }

  return { custId: org.id, custName: org.name, timeZone: org.timeZone, asOf, summary, series, totals };
}

/**
 * `GET /api/stats/attention`: partner counts, devices, the latest copies and what needs attention. Apart from the
 * figures: it does not follow the filters, and it reads the organization's devices (thousands for the largest).
 */
export async function attention(s: StatsScope, custId?: string): Promise<DashboardAttention> {
  const org = await statsSubject(s.db, s.actor, custId);
  const now = s.now ?? new Date();
  const { today } = calendar(s, org.timeZone);
  const [days, partners, devices, noReceiver, expiring, recent, everFirst] = await Promise.all([
    repo.dailyRows(s.db, org.id, repo.ALL_PARTNERS, addDays(today, -29), today),
    repo.partnerCounts(s.db, org.id, now),
    repo.deviceCounts(s.db, org.id, now),
    repo.devicesWithoutReceiver(s.db, org.id, now),
    repo.expiringAuthorizations(s.db, org.id, now, new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS)),
    repo.recentCopies(s.db, org.id, RECENT),
    repo.firstDay(s.db, org.id, repo.ALL_PARTNERS),
  ]);
  return {
    partners,
    authorizableDevices: devices.owned,
    recent: recent.map((r) => ({
      caseId: r.caseId,
      patientName: r.patientName,
      caseType: r.caseType,
      fromName: r.fromName,
      createdAt: new Date(r.createdAt).toISOString(),
      received: r.role === BoxRole.receiver,
      downloadedAt: r.downloadedAt ? new Date(r.downloadedAt).toISOString() : null,
      ext: r.ext || null,
      thumbnail: thumbnailPath(r.caseId, r.thumbnailKey),
    })),
    attention: {
      underReview: org.status !== CustStatus.authorized,
      expiring: expiring.map((e) => ({ ...e, expiresAt: new Date(e.expiresAt).toISOString() })),
      noReceiver: noReceiver.devices,
      noReceiverCount: noReceiver.count,
      notDownloaded: days.reduce((n, d) => n + d.received - d.downloaded, 0),
      nextStep: everFirst ? null : nextStep(org.custType, devices.owned + devices.borrowed, noReceiver.count),
    },
  };
}

/**
 * The case's preview image, as the case lists give it (`GET /api/case/thumbnail/{id}?v=`, read with the caller's
 * token: any organization holding a copy may read it); null while none is drawn or for encrypted data.
 */
const thumbnailPath = (caseId: string, key: string | null) =>
  key ? `/api/case/thumbnail/${caseId}?v=${key.slice(key.lastIndexOf('/') + 1)}` : null;

/** A new organization's next step: a scanner first (a lab without one finds partners), then where scans go. */
function nextStep(custType: number, devices: number, withoutReceiver: number) {
  if (devices === 0) return custType === CustType.lab ? ('findPartners' as const) : ('bindDevice' as const);
  return withoutReceiver > 0 ? ('chooseReceiver' as const) : null;
}

/** `GET /api/stats/subjects`: whose figures the caller may choose, and the partners to filter by. */
export async function subjects(s: StatsScope, custId?: string): Promise<StatsSubjects> {
  // The organizations the caller may choose, in one query (stats.access); the chosen one must be among them.
  const all = await statsSubjects(s.db, s.actor);
  const org = all.find((o) => o.id === (custId ?? all[0]?.id));
  if (!org) throw new AppError(CustErrors.notFound);
  return {
    organizations: all.map((o) => ({ id: o.id, name: o.name, custType: o.custType })),
    partners: await repo.statsPartners(s.db, org.id),
  };
}

// ---- the statistics table -------------------------------------------------------------------------------

/** The table's months, up to yesterday's month (absent: from the first); refuses a reversed period. */
function period(asOf: string, from: string | undefined, to: string | undefined) {
  const last = asOf.slice(0, 7);
  const end = to && to < last ? to : last;
  const begin = from ?? '2000-01';
  if (from && to && from > to) throw new AppError(StatsErrors.period);
  return { begin, end };
}

/** The whole table in its order (a few rows per partner and month: built in memory from the monthly rows). */
async function tableRows(
  s: StatsScope,
  q: Pick<StatsTableQuery, 'custId' | 'partnerId' | 'from' | 'to' | 'sort' | 'order'>,
) {
  const org = await statsSubject(s.db, s.actor, q.custId);
  const { today, asOf } = calendar(s, org.timeZone);
  const { begin, end } = period(asOf, q.from, q.to);
  const rows = await repo.partnerMonths(s.db, {
    custId: org.id,
    partnerId: q.partnerId,
    to: monthStart(end),
    today,
  });
  const names = await repo.namesOf(s.db, [...new Set(rows.map((r) => r.partnerId))]);
  return {
    org,
    rows: statsRows(rows, names, {
      from: begin,
      to: end,
      sort: q.sort,
      order: q.order,
      language: s.actor.language,
    }),
  };
}

/** `GET /api/stats/table`: one page of product §3's rows. */
export async function table(s: StatsScope, q: StatsTableQuery) {
  const { rows } = await tableRows(s, q);
  const start = (q.pageIndex - 1) * q.pageSize;
  return {
    records: rows.slice(start, start + q.pageSize),
    totalRecords: rows.length,
    pageSize: q.pageSize,
    pageIndex: q.pageIndex,
  };
}

const exportTexts = loadTemplates<ExportTexts>(sourceUrl('modules/stats/export-texts/'));

/** The first of Accept-Language's languages Archway speaks (zh-TW and zh-Hant: zh-tw; nb, nn: no); else en. */
export function exportLanguage(acceptLanguage: string | undefined): Language {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  for (const tag of tags) {
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-tw';
    const primary = tag.split('-')[0]!;
    if (primary === 'nb' || primary === 'nn') return 'no';
    if ((Languages as readonly string[]).includes(primary)) return primary as Language;
  }
  return 'en';
}

/** `GET /api/stats/table/export`: every row of the table in its order, as CSV or an Excel workbook. */
export async function exportTable(s: StatsScope, q: StatsExportQuery, acceptLanguage: string | undefined) {
  const {
    org: { custType },
    rows,
  } = await tableRows(s, q);
  const partner =
    custType === CustType.lab ? 'clinic' : custType === CustType.clinic ? 'lab' : 'organization';
  await audit(s.db, s.ctx, {
    actorUserId: s.actor.userId,
    actorCustId: s.actor.custId,
    action: 'stats.export',
    objectType: 'customer',
    objectId: q.custId ?? s.actor.custId,
    outcome: 'allowed',
    detail: { format: q.format, rows: rows.length },
  });
  const { t } = exportTexts(exportLanguage(acceptLanguage));
  const day = localDay(s.now ?? new Date(), 'UTC');
  return q.format === 'xlsx'
    ? {
        body: await statsWorkbook(rows, t, partner),
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name: `statistics-${day}.xlsx`,
      }
    : { body: statsCsv(rows, t, partner), type: 'text/csv; charset=utf-8', name: `statistics-${day}.csv` };
}

// ---- the comparison -------------------------------------------------------------------------------------

/** `GET /api/stats/compare`: one side of the comparison (the web asks twice: two periods or two organizations). */
export async function compare(s: StatsScope, q: CompareQuery): Promise<CompareSide> {
  const org = await statsSubject(s.db, s.actor, q.custId);
  const { today, asOf } = calendar(s, org.timeZone);
  if (q.from > q.to || monthsBetween(q.from, q.to) >= MAX_MONTHS) throw new AppError(StatsErrors.period);
  const last = asOf.slice(0, 7);
  const to = q.to < last ? q.to : last;
  const partner = q.partnerId ?? repo.ALL_PARTNERS;
  const range = { custId: org.id, partnerId: partner, from: monthStart(q.from), to: monthStart(to) };
  const [rows, devices, partnerName] = await Promise.all([
    q.from <= to ? repo.monthRows(s.db, { ...range, today }) : Promise.resolve([]),
    q.from <= to ? repo.deviceTotals(s.db, range) : Promise.resolve([]),
    q.partnerId ? repo.findOrg(s.db, q.partnerId).then((o) => o?.name ?? null) : Promise.resolve(null),
  ]);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = [];
  const sums = { ...ZERO };
  for (let m = q.from; m <= to; m = addMonths(m, 1)) {
    const r = byMonth.get(m) ?? ZERO;
    months.push({
      month: m,
      total: r.total,
      orthodontics: r.orthodontics,
      implant: r.implant,
      restoration: r.restoration,
    });
    for (const k of Object.keys(sums) as (keyof Counts)[]) sums[k] += r[k];
  }
  return {
    custId: org.id,
    name: org.name,
    partnerName,
    from: q.from,
    to,
    indicators: {
      ...sums,
      monthlyAverage: months.length ? Math.round((sums.total / months.length) * 10) / 10 : 0,
      devices: devices.length,
    },
    months,
    devices,
  };
}

// ---- settings -------------------------------------------------------------------------------------------

/** `GET /api/stats/settings`: the caller's thresholds and its organization's time zone. */
export async function settings(s: StatsScope): Promise<StatsSettings> {
  const org = await statsSubject(s.db, s.actor);
  const [prefs, canChangeTimeZone] = await Promise.all([
    repo.preferencesOf(s.db, s.actor.userId),
    mayChangeTimeZone(s.db, s.actor, org),
  ]);
  return { ...prefs, timeZone: org.timeZone, canChangeTimeZone };
}

/** `PUT /api/stats/thresholds`: kept for the person, on every device. */
export async function saveThresholds(s: StatsScope, body: StatsThresholds): Promise<StatsSettings> {
  await repo.savePreferences(s.db, s.actor.userId, body);
  return settings(s);
}

/**
 * `PUT /api/stats/timezone` (owners): the organization's days are counted in this zone from now on, its past figures
 * recounted in it in the same transaction.
 */
export async function setTimeZone(s: StatsScope, timeZone: string): Promise<StatsSettings> {
  const org = await statsSubject(s.db, s.actor);
  if (!(await mayChangeTimeZone(s.db, s.actor, org))) throw new AppError(OrgErrors.notOwner);
  if (!(await knownZone(s.db, timeZone))) throw new AppError(StatsErrors.timeZone, 'timeZone');
  if (timeZone !== org.timeZone)
    await s.db.transaction(async (tx) => {
      await setOrgTimeZone(tx, org.id, timeZone);
      await repo.rebuildCaseStats(tx, org.id);
      await audit(tx, s.ctx, {
        actorUserId: s.actor.userId,
        actorCustId: org.id,
        action: 'customer.timeZone',
        objectType: 'customer',
        objectId: org.id,
        outcome: 'allowed',
        detail: { from: org.timeZone, to: timeZone },
      });
    });
  return settings(s);
}
