import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorCustId: uuid('actor_cust_id'),
    /** What was attempted, e.g. `signIn`, `user.update`. */
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    outcome: text('outcome').$type<'allowed' | 'refused'>().notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_object').on(t.objectType, t.objectId),
    index('audit_actor').on(t.actorUserId, t.at),
    // The console's filters page by key (id descending): one index per filter leads to the page.
    index('audit_cust_id').on(t.actorCustId, t.id),
    index('audit_action_id').on(t.action, t.id),
    index('audit_at').on(t.at),
  ],
);
