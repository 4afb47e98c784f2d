import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Texts that override the web app's built-in ones (`/api/translate/languageContent/cloud`). */
export const translations = pgTable('translations', {
  lang: text('lang').primaryKey(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
