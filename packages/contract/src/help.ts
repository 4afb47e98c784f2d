import { z } from 'zod';
import { isSafeText, safeString, uuidParam } from './schemas.ts';

/**
 * The knowledge base (product §1 "a floating help widget that answers a typed question", calls-and-errors §7.7
 * `GET /api/helper/ask`): articles written by the platform administrator in /manager, each in one or more of the 15
 * languages, searched in the asker's language with PostgreSQL text search and answered best match first.
 */

export const HelpLimits = {
  /** Characters of a question (trimmed); longer or empty is `help.question`. */
  question: 300,
  /** Answers of one question. */
  answers: 5,
  /** Characters of an article's title (trimmed). */
  title: 200,
  /** Characters of an article's HTML, as sent and as kept after sanitizing. */
  content: 100_000,
} as const;

/**
 * `GET /api/helper/ask?content=&lang=`: `content` is the question; `lang` (Archway's addition) the language to answer
 * in — the web app sends its interface language; without it the user's stored language, then Accept-Language.
 */
export const helpAskQuery = z.object({
  content: safeString(16_384).optional(),
  lang: safeString(16).optional(),
});
export type HelpAskQuery = z.input<typeof helpAskQuery>;

/**
 * One answer: `message.content` is the article's HTML, sanitized (shown as is). Archway adds the article's id, title,
 * the language it is written in and the search score (higher is better; answers come best first).
 */
export const helpAnswer = z.object({
  id: z.string(),
  title: z.string(),
  lang: z.string(),
  score: z.number(),
  message: z.object({ content: z.string() }),
});
export type HelpAnswer = z.infer<typeof helpAnswer>;
export const helpAnswers = z.array(helpAnswer);

// ---- the console (/manager → Help articles) -------------------------------------------------------------------

/** An article in one language. Title and content are checked by the service (their own codes), not here. */
export const helpArticleText = z.object({
  lang: safeString(16),
  title: safeString(HelpLimits.title * 5),
  /** HTML; sanitized on the server before it is stored (and again when it is served). */
  content: z
    .string()
    .max(HelpLimits.content * 2)
    .refine(isSafeText, { message: 'contains a NUL byte or an unpaired surrogate' }),
});
export type HelpArticleText = z.infer<typeof helpArticleText>;

/**
 * `POST /api2/admin/help/articles` and `PUT /api2/admin/help/articles/{id}`: the whole article. `texts` replaces
 * every language (one entry per language, at least one); `position` orders the console's list (lower first, default
 * 0); an unpublished article is never answered (default published). On PUT an absent `position` or `published`
 * keeps the current value.
 */
export const helpArticleBody = z.object({
  position: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  published: z.boolean().optional(),
  texts: z.array(helpArticleText).max(30).default([]),
});
export type HelpArticleBody = z.input<typeof helpArticleBody>;

export const helpArticleParams = z.object({ id: uuidParam });

/** One article with all its languages (`GET /api2/admin/help/articles/{id}`, and the answer of a change). */
export const helpArticle = z.object({
  id: z.string(),
  position: z.number(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  texts: z.array(z.object({ lang: z.string(), title: z.string(), content: z.string() })),
});
export type HelpArticle = z.infer<typeof helpArticle>;

/** `GET /api2/admin/help/articles?lang=`: `title` is in `lang` when the article has it, else English, else any. */
export const helpArticleListQuery = z.object({ lang: safeString(16).optional() });
export type HelpArticleListQuery = z.input<typeof helpArticleListQuery>;

export const helpArticleRow = z.object({
  id: z.string(),
  position: z.number(),
  published: z.boolean(),
  title: z.string(),
  /** The language of `title`. */
  titleLang: z.string(),
  /** Every language the article is written in, in the order of `Languages`. */
  languages: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpArticleRow = z.infer<typeof helpArticleRow>;

/** Every article, by position then newest first. */
export const helpArticleList = z.object({
  records: z.array(helpArticleRow),
  totalRecords: z.number(),
});
export type HelpArticleList = z.infer<typeof helpArticleList>;

export const helpArticleDeleted = z.object({ id: z.string() });
