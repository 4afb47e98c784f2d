import {
  HelpErrors,
  HelpLimits,
  Languages,
  type HelpAnswer,
  type HelpArticle,
  type HelpArticleList,
  type HelpArticleText,
  type Language,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { htmlText, sanitizeHtml } from '../../platform/sanitize.ts';
import * as repo from './help.repository.ts';
import { presentAnswer, presentArticle, presentArticleRow } from './help.presenter.ts';

/**
 * The knowledge base: the help widget's question (`GET /api/helper/ask`) and the administrator's articles
 * (`/api2/admin/help/articles`). HTML is sanitized when it is saved (here) and when it is served (the presenter).
 */

/** PostgreSQL's text search configuration per language ('simple': no stemming, no stop words). */
const TEXT_SEARCH: Record<Language, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
  ru: 'russian',
  tr: 'turkish',
  no: 'norwegian',
  cs: 'simple',
  vi: 'simple',
  zh: 'simple',
  'zh-tw': 'simple',
  ja: 'simple',
  ko: 'simple',
};
/** Written without spaces between words (or with particles glued to them): searched by character pairs. */
const UNSPACED = new Set<Language>(['zh', 'zh-tw', 'ja', 'ko']);

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);

/** A language of Archway from a stored or sent code (letter case ignored; nb and nn are no), else undefined. */
export function languageOf(value: string | null | undefined): Language | undefined {
  const code = value?.trim().toLowerCase();
  if (!code) return undefined;
  if (isLanguage(code)) return code;
  if (/^zh-(tw|hk|mo|hant)/.test(code)) return 'zh-tw';
  const primary = code.split('-')[0]!;
  if (primary === 'nb' || primary === 'nn') return 'no';
  return isLanguage(primary) ? primary : undefined;
}

/** The first language of an Accept-Language header that Archway speaks, in the header's order. */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  for (const part of (header ?? '').split(',')) {
    const found = languageOf(part.split(';')[0]);
    if (found) return found;
  }
  return undefined;
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The search terms of a question in an unspaced language: each pair of neighbouring CJK characters, Latin words. */
export function unspacedTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const run of question.toLowerCase().match(CJK_RUN) ?? []) {
    if (CJK_START.test(run)) {
      const chars = [...run];
      if (chars.length === 1) terms.add(run);
      for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
    } else if (run.length >= 2) terms.add(run);
  }
  return [...terms].slice(0, 100);
}

async function search(db: Db, lang: Language, question: string) {
  const limit = HelpLimits.answers;
  return UNSPACED.has(lang)
    ? repo.searchTerms(db, { lang, terms: unspacedTerms(question), limit })
    : repo.searchWords(db, { lang, config: TEXT_SEARCH[lang], question, limit });
}

/**
 * `GET /api/helper/ask`: the published articles that answer the question best, at most five, best first, in the
 * asker's language — `lang` when sent, else the user's stored language, else Accept-Language, else English — and in
 * English when nothing in that language matches.
 */
export async function ask(
  db: Db,
  actor: Actor,
  query: { content?: string; lang?: string },
  acceptLanguage: string | undefined,
): Promise<HelpAnswer[]> {
  const question = (query.content ?? '').trim();
  if (!question || [...question].length > HelpLimits.question)
    throw new AppError(HelpErrors.question, 'content');
  let lang: Language;
  if (query.lang) {
    const given = query.lang.toLowerCase();
    if (!isLanguage(given)) throw new AppError(HelpErrors.language, 'lang');
    lang = given;
  } else {
    lang = languageOf(await repo.userLanguage(db, actor.userId)) ?? acceptedLanguage(acceptLanguage) ?? 'en';
  }
  let hits = await search(db, lang, question);
  if (!hits.length && lang !== 'en') hits = await search(db, 'en', question);
  return hits.map(presentAnswer);
}

// ---- the console ----------------------------------------------------------------------------------------------

/** `GET /api2/admin/help/articles`: every article, its title in `lang` (else English), with its languages. */
export async function listArticles(db: Db, query: { lang?: string }): Promise<HelpArticleList> {
  const lang = languageOf(query.lang) ?? 'en';
  const { articles, texts } = await repo.listArticles(db);
  const byArticle = new Map<string, repo.TextRecord[]>();
  for (const t of texts) byArticle.set(t.articleId, [...(byArticle.get(t.articleId) ?? []), t]);
  const records = articles.map((a) => presentArticleRow(a, byArticle.get(a.id) ?? [], lang));
  return { records, totalRecords: records.length };
}

/** `GET /api2/admin/help/articles/{id}`: the whole article. */
export async function readArticle(db: Db, id: string): Promise<HelpArticle> {
  const found = await repo.readArticle(db, id);
  if (!found) throw new AppError(HelpErrors.notFound);
  return presentArticle(found.article, found.texts);
}

/**
 * The texts as they are stored: every language once and one of the 15; the title without markup, 1 to 200
 * characters; the content sanitized, with some text or an image left, at most 100,000 characters.
 */
function storedTexts(texts: HelpArticleText[]): repo.TextInput[] {
  if (!texts.length) throw new AppError(HelpErrors.texts, 'texts');
  const seen = new Set<string>();
  return texts.map((t, i) => {
    const lang = t.lang.toLowerCase();
    if (!isLanguage(lang)) throw new AppError(HelpErrors.language, `texts.${i}.lang`);
    if (seen.has(lang)) throw new AppError(HelpErrors.languageTwice, `texts.${i}.lang`);
    seen.add(lang);
    // A title is plain text: markup and angle brackets go.
    const title = htmlText(t.title).replace(/[<>]/g, '').trim();
    if (!title || [...title].length > HelpLimits.title)
      throw new AppError(HelpErrors.title, `texts.${i}.title`);
    if (t.content.length > HelpLimits.content) throw new AppError(HelpErrors.content, `texts.${i}.content`);
    const content = sanitizeHtml(t.content).trim();
    const text = htmlText(content);
    if ((!text && !/<img\b/i.test(content)) || content.length > HelpLimits.content)
      throw new AppError(HelpErrors.content, `texts.${i}.content`);
    return { lang, title, content, plain: `${title} ${text}`.trim() };
  });
}

/** A change in one transaction; a refusal is audited too (see auditedTransaction). */
const guarded = <T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  action: string,
  objectId: string | null,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => auditedTransaction(db, ctx, { actor, action, objectType: 'helpArticle', objectId }, fn);

interface ArticleInput {
  position?: number;
  published?: boolean;
  texts: HelpArticleText[];
}

/** `POST /api2/admin/help/articles`: a new article (audited `help.article.create`). */
export async function createArticle(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  body: ArticleInput,
): Promise<HelpArticle> {
  return guarded(db, ctx, actor, 'help.article.create', null, async (tx) => {
    const texts = storedTexts(body.texts);
    const article = await repo.insertArticle(tx, {
      position: body.position ?? 0,
      published: body.published ?? true,
      updatedBy: actor.userId,
    });
    await repo.replaceTexts(tx, article.id, texts);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'help.article.create',
      objectType: 'helpArticle',
      objectId: article.id,
      outcome: 'allowed',
      detail: {
        languages: texts.map((t) => t.lang),
        published: article.published,
        position: article.position,
      },
    });
    return presentArticle(article, texts);
  });
}

/** `PUT /api2/admin/help/articles/{id}`: the article's texts replaced, position and publishing kept unless given. */
export async function updateArticle(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  body: ArticleInput,
): Promise<HelpArticle> {
  return guarded(db, ctx, actor, 'help.article.update', id, async (tx) => {
    const texts = storedTexts(body.texts);
    const current = await repo.lockArticle(tx, id);
    if (!current) throw new AppError(HelpErrors.notFound);
    const article = await repo.updateArticle(tx, id, {
      position: body.position ?? current.position,
      published: body.published ?? current.published,
      updatedBy: actor.userId,
    });
    await repo.replaceTexts(tx, id, texts);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'help.article.update',
      objectType: 'helpArticle',
      objectId: id,
      outcome: 'allowed',
      detail: {
        languages: texts.map((t) => t.lang),
        published: article.published,
        position: article.position,
      },
    });
    return presentArticle(article, texts);
  });
}

/** `DELETE /api2/admin/help/articles/{id}`: the article and all its languages (audited `help.article.delete`). */
export async function deleteArticle(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  id: string,
): Promise<{ id: string }> {
  return guarded(db, ctx, actor, 'help.article.delete', id, async (tx) => {
    const current = await repo.lockArticle(tx, id);
    if (!current) throw new AppError(HelpErrors.notFound);
    const { texts } = (await repo.readArticle(tx, id))!;
    await repo.deleteArticle(tx, id);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      actorCustId: actor.custId,
      action: 'help.article.delete',
      objectType: 'helpArticle',
      objectId: id,
      outcome: 'allowed',
      detail: { titles: Object.fromEntries(texts.map((t) => [t.lang, t.title])) },
    });
    return { id };
  });
}
