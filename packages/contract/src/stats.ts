import { z } from 'zod';
import { CaseType } from './constants.ts';
import { foldPage } from './devices.ts';
import { safeString, uuidParam } from './schemas.ts';

/**
 * Statistics (product §2 home dashboard, statistics, statistics comparison; §3 statistics table row; §9 statistics
 * constants). The spec shows no paths for these; Archway's are `/api/stats/*` and described in the OpenAPI text.
 *
 * Every figure counts case copies in an organization's box (sent and received alike) by the day the case was first
 * uploaded, in the organization's time zone, up to yesterday (the home dashboard: up to today, issue 33). A case removed to the bin or emptied from it still
 * counts: it was uploaded.
 */

/** The dashboard's ranges (product §2): last week, last month, last three months, all time. Default 7 days. */
export const StatsRanges = ['7', '30', '90', 'all'] as const;
export const statsRange = z.enum(StatsRanges);
export type StatsRange = z.infer<typeof statsRange>;

/**
 * Product §9's windows, each compared with 1, 7 and 30 days earlier: day, week = last 7 days, month = last 30 days.
 * The home dashboard's end today (day = today so far; issue 33), not yesterday.
 */
export const SummaryWindows = { day: 1, week: 7, month: 30 } as const;
export type SummaryKey = keyof typeof SummaryWindows;
export const CompareShifts = [1, 7, 30] as const;

const caseTypeFilter = z.coerce
  .number()
  .pipe(
    z.union([z.literal(CaseType.orthodontics), z.literal(CaseType.implant), z.literal(CaseType.restoration)]),
  )
  .optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** Whose figures: the caller's organization (absent) or one of its associated (child) organizations. */
const subject = {
  custId: uuidParam.optional(),
  /** Only the cases exchanged with this organization (a clinic or lab the caller exchanges cases with). */
  partnerId: uuidParam.optional(),
  caseType: caseTypeFilter,
};

export const dashboardQuery = z.object({ ...subject, range: statsRange.default('7') });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Case counts by type: `total` is their sum. */
export const typeCounts = z.object({
  total: z.number().int(),
  orthodontics: z.number().int(),
  implant: z.number().int(),
  restoration: z.number().int(),
});
export type TypeCounts = z.infer<typeof typeCounts>;

export const comparison = z.object({
  /** How many days earlier the compared window lies (1, 7 or 30). */
  days: z.number().int(),
  value: z.number().int(),
  /** Percent change from `value` to the figure, rounded to one decimal; null when `value` is 0. */
  change: z.number().nullable(),
});

export const summaryFigure = z.object({
  key: z.enum(['day', 'week', 'month']),
  from: day,
  to: day,
  value: z.number().int(),
  compare: z.array(comparison),
});
export type SummaryFigure = z.infer<typeof summaryFigure>;

export const dailyPoint = typeCounts.extend({
  day,
  received: z.number().int(),
  downloaded: z.number().int(),
});
export type DailyPoint = z.infer<typeof dailyPoint>;

export const expiringAuthorization = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  serial: z.string(),
  /** The other organization: the one the device is lent to (`lent: 'out'`) or lent by (`lent: 'in'`). */
  custName: z.string(),
  lent: z.enum(['in', 'out']),
  expiresAt: z.string(),
});

export const deviceRef = z.object({ id: z.string(), name: z.string(), serial: z.string() });

export const recentCase = z.object({
  caseId: z.string(),
  patientName: z.string(),
  caseType: z.number().int(),
  /** The organization the copy came from (the sender, or the lab that forwarded it); null for the caller's own. */
  fromName: z.string().nullable(),
  createdAt: z.string(),
  /** Only for received copies: when the caller's organization first downloaded it (null: not yet). */
  received: z.boolean(),
  downloadedAt: z.string().nullable(),
  /** The scan's format (ply, stl, obj), for the placeholder while there is no preview image. */
  ext: z.string().nullable(),
  /** The preview image, as the case lists' `thumbnail` (read with the token); null while none is drawn. */
  thumbnail: z.string().nullable(),
});

/**
 * The next step of a new organization, shown instead of empty charts: bind a scanner, choose where its scans go,
 * or (a lab without scanners) find partners.
 */
export const NextSteps = ['bindDevice', 'chooseReceiver', 'findPartners'] as const;

/** The figures of `GET /api/stats/dashboard`: they follow the filters. */
export const dashboard = z.object({
  custId: z.string(),
  custName: z.string(),
  timeZone: z.string(),
  /** Yesterday in `timeZone`: the last day counted. */
  asOf: day,
  summary: z.array(summaryFigure),
  /** Every day of the range up to `asOf`, oldest first, zero-filled (the web groups them by week or month). */
  series: z.array(dailyPoint),
  /** Over the range (`received` and `downloaded` count every case type). */
  totals: typeCounts.extend({ received: z.number().int(), downloaded: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboard>;

/**
 * `GET /api/stats/attention`: the organization's network and what needs attention, apart from the figures (they do not
 * change with the filters, and cost the reads of its devices).
 */
export const dashboardAttention = z.object({
  partners: z.object({ clinics: z.number().int(), labs: z.number().int() }),
  /** Devices the organization owns (it may authorize them to others). */
  authorizableDevices: z.number().int(),
  recent: z.array(recentCase),
  attention: z.object({
    underReview: z.boolean(),
    expiring: z.array(expiringAuthorization),
    /** Devices the organization owns or borrows that have no live receiver: their scans go nowhere. */
    noReceiver: z.array(deviceRef),
    noReceiverCount: z.number().int(),
    /** Received copies of the last 30 days (today included) nobody in the organization has downloaded. */
    notDownloaded: z.number().int(),
    /** Only for an organization without any case yet. */
    nextStep: z.enum(NextSteps).nullable(),
  }),
});
export type DashboardAttention = z.infer<typeof dashboardAttention>;
export const attentionQuery = z.object({ custId: uuidParam.optional() });

/** The organizations whose figures the caller may see, and the partners it may filter by. */
export const statsSubjects = z.object({
  /** The caller's organization first, then its associated (child) organizations. */
  organizations: z.array(z.object({ id: z.string(), name: z.string(), custType: z.number().int() })),
  /** The organizations the caller's cases came from or went to. */
  partners: z.array(z.object({ id: z.string(), name: z.string(), custType: z.number().int() })),
});
export type StatsSubjects = z.infer<typeof statsSubjects>;

// ---- the statistics table (product §3) -----------------------------------------------------------------

export const StatsSorts = [
  'month',
  'clinic',
  'total',
  'ortho',
  'restoration',
  'implant',
  'difference',
] as const;

const tableFilter = {
  custId: uuidParam.optional(),
  partnerId: uuidParam.optional(),
  /** Months from and to (inclusive), `YYYY-MM`; absent: all. */
  from: month.optional(),
  to: month.optional(),
  sort: z.enum(StatsSorts).default('month'),
  order: z.enum(['asc', 'desc']).default('desc'),
};

export const statsTableQuery = z
  .object({
    ...tableFilter,
    pageSize: z.coerce.number().int().min(1).max(100).default(15),
    pageIndex: z.coerce.number().int().min(1).optional(),
    currentPage: z.coerce.number().int().min(1).optional(),
  })
  .transform(foldPage);
export type StatsTableQuery = z.infer<typeof statsTableQuery>;

export const statsExportQuery = z.object({ ...tableFilter, format: z.enum(['csv', 'xlsx']).default('csv') });
export type StatsExportQuery = z.infer<typeof statsExportQuery>;

/**
 * Product §3 "Statistics table row": the clinic (for a lab; for a clinic, the lab it sent to: the organization on
 * the other side of the cases), the month, the uploads in total and by type, and the difference from the same
 * organization's total of the month before.
 */
export const statsRow = z.object({
  custId: z.string(),
  clinic: z.string(),
  month,
  total: z.number().int(),
  ortho: z.number().int(),
  restoration: z.number().int(),
  implant: z.number().int(),
  difference: z.number().int(),
});
export type StatsRow = z.infer<typeof statsRow>;

// ---- settings: thresholds (per person) and the time zone (per organization) -----------------------------

export const statsThresholds = z.object({
  /** A row whose total is below this is abnormal (shown red); null: not set. */
  abnormal: z.number().int().min(0).max(1_000_000).nullable(),
  /** A row whose difference is below this is shown red (may be negative); null: not set. */
  difference: z.number().int().min(-1_000_000).max(1_000_000).nullable(),
});
export type StatsThresholds = z.infer<typeof statsThresholds>;

export const statsSettings = statsThresholds.extend({
  timeZone: z.string(),
  /** Owners may change the organization's time zone. */
  canChangeTimeZone: z.boolean(),
});
export type StatsSettings = z.infer<typeof statsSettings>;

export const timeZoneBody = z.object({ timeZone: safeString(64) });

// ---- comparison (`/caseCompare`) -----------------------------------------------------------------------

export const compareQuery = z.object({
  custId: uuidParam.optional(),
  partnerId: uuidParam.optional(),
  from: month,
  to: month,
});
export type CompareQuery = z.infer<typeof compareQuery>;

export const compareSide = z.object({
  custId: z.string(),
  name: z.string(),
  partnerName: z.string().nullable(),
  from: month,
  to: month,
  /** Key indicators over the period. */
  indicators: typeCounts.extend({
    /** Total divided by the months of the period, one decimal. */
    monthlyAverage: z.number(),
    /** Scanners that sent cases in the period. */
    devices: z.number().int(),
    received: z.number().int(),
    downloaded: z.number().int(),
  }),
  /** Every month of the period, zero-filled. */
  months: z.array(typeCounts.extend({ month })),
  /** Uploads by scanner over the period, most first. */
  devices: z.array(z.object({ serial: z.string(), name: z.string().nullable(), total: z.number().int() })),
});
export type CompareSide = z.infer<typeof compareSide>;
