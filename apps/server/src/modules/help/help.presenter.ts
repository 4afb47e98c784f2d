import { Languages, type HelpAnswer, type HelpArticle, type HelpArticleRow } from '@archway/contract';
import { sanitizeHtml } from '../../platform/sanitize.ts';

/**
 * Help articles as callers see them. Every HTML content leaving the server passes `sanitizeHtml` here, whatever the
 * database holds (it was sanitized when saved too).
 */

interface ArticleFacts {
  id: string;
  position: number;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}
interface TextFacts {
  lang: string;
  title: string;
  content: string;
}

const languageOrder = (lang: string) => {
  const at = (Languages as readonly string[]).indexOf(lang);
  return at < 0 ? Languages.length : at;
};
const byLanguage = <T extends { lang: string }>(texts: T[]) =>
  [...texts].sort((a, b) => languageOrder(a.lang) - languageOrder(b.lang));

/** One answer of `GET /api/helper/ask`. */
export const presentAnswer = (hit: TextFacts & { id: string; score: number }): HelpAnswer => ({
  id: hit.id,
  title: hit.title,
  lang: hit.lang,
  score: Math.round(hit.score * 1e6) / 1e6,
  message: { content: sanitizeHtml(hit.content) },
});

/** The whole article, every language in the order of `Languages`. */
export const presentArticle = (a: ArticleFacts, texts: TextFacts[]): HelpArticle => ({
  id: a.id,
  position: a.position,
  published: a.published,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
  texts: byLanguage(texts).map((t) => ({ lang: t.lang, title: t.title, content: sanitizeHtml(t.content) })),
});

/** A row of the console's list: the title in `lang` when written in it, else English, else the first language. */
export function presentArticleRow(a: ArticleFacts, texts: TextFacts[], lang: string): HelpArticleRow {
  const ordered = byLanguage(texts);
  const shown = ordered.find((t) => t.lang === lang) ?? ordered.find((t) => t.lang === 'en') ?? ordered[0];
  return {
    id: a.id,
    position: a.position,
    published: a.published,
    title: shown?.title ?? '',
    titleLang: shown?.lang ?? '',
    languages: ordered.map((t) => t.lang),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
