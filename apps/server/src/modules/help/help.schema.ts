import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Help articles of the knowledge base the help widget answers from (`GET /api/helper/ask`), written in /manager. */
export const helpArticles = pgTable('help_articles', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Order in the console's list (lower first). */
  position: integer('position').notNull().default(0),
  /** An unpublished article is kept but never answered. */
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** An article in one language: its title and its HTML (sanitized when saved), and the plain text searched. */
export const helpArticleTexts = pgTable(
  'help_article_texts',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    /** One of the 15 languages (`Languages` of the contract). */
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Sanitized HTML (DOMPurify), sanitized again when served. */
    content: text('content').notNull(),
    /** The title and the content's text without markup: what full-text search reads. */
    plain: text('plain').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] })],
);
