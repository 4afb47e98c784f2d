import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { cases } from '../cases/cases.schema.ts';

/**
 * Work on a case's scan done in worker threads (online conversion, the preview image). Any process of a scale-out
 * claims a queued job (`FOR UPDATE SKIP LOCKED`) and keeps `heartbeatAt` fresh while it runs; a running job whose
 * heartbeat stops (its process died) is claimed again, and fails once it has had `MAX_ATTEMPTS`. At most one live
 * job of a kind per case (the partial unique indexes): a second conversion is refused while one runs. What a person
 * waits for (a conversion, a model, a comparison, a new case's preview image) is claimed before background work (the
 * backfill of older cases' preview images): `priority`, then first in, first out. Background work never holds every
 * thread of a process (scans.jobs `backgroundThreads`: threads − 1, at least one; with one thread a person's job is
 * simply the next one claimed), a process may run only one kind (SCAN_JOBS=waited|background), and the backfill keeps
 * at most `BACKFILL_QUEUE` jobs queued, walking the cases still without an image by the index
 * `cases_thumbnail_missing` (hand-written in migration 0033, as it serves this module from another's table).
 */
export const JobPriority = { waited: 0, background: 1 } as const;

export const scanJobs = pgTable(
  'scan_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** `convert`, `thumbnail`, `model` (the model builder) or `compare` (model comparison; `caseId` is case A). */
    kind: text('kind').notNull(),
    /** A conversion's target (ConversionType). */
    type: text('type'),
    /** queued, running, done, failed. */
    state: text('state').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** Which queued job goes first: JobPriority.waited (0, a person waits for it) before .background (1), then the oldest. */
    priority: smallint('priority').notNull().default(0),
    errorKey: text('error_key'),
    errorCode: integer('error_code'),
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The organization that started the job (a comparison's result is its own). */
    requestedCust: uuid('requested_cust').references(() => customers.id, { onDelete: 'set null' }),
    /** What the job was asked (model: base height and kind; compare: the other case and the files). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What a finished job answers (compare: rms, mean, max, histogram and the coloured mesh's storage key). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scan_jobs_live')
      .on(t.caseId, t.kind)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('scan_jobs_claim')
      .on(t.priority, t.createdAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('scan_jobs_case').on(t.caseId, t.kind, t.createdAt),
  ],
);
