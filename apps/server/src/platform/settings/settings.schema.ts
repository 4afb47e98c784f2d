import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform-wide settings, one JSON value per key: what the administrator keeps in /manager (`serviceContacts`, the
 * notices module's pre-sales and after-sales desks; `clientDownloads`, the updates module's links) and the demo's
 * markers. Shared infrastructure: modules read and write it through settings.ts, never with their own queries.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
