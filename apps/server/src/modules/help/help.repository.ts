import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { helpArticles, helpArticleTexts } from './help.schema.ts';

export type ArticleRecord = typeof helpArticles.$inferSelect;
export interface TextRecord {
  articleId: string;
  lang: string;
  title: string;
  content: string;
}
/** A text ready to store: sanitized content and the plain text search reads. */
export interface TextInput {
  lang: string;
  title: string;
  content: string;
  plain: string;
}
/** One search hit: an article's text in one language and how well it matched (higher is better). */
export interface HitRecord {
  id: string;
  lang: string;
  title: string;
  content: string;
  score: number;
}

const textColumns = {
  articleId: helpArticleTexts.articleId,
  lang: helpArticleTexts.lang,
  title: helpArticleTexts.title,
  content: helpArticleTexts.content,
};

/** Every article (console order: position, then the latest change first) with its texts. */
export async function listArticles(db: Queryable) {
  const articles = await db
    .select()
    .from(helpArticles)
    .orderBy(asc(helpArticles.position), desc(helpArticles.updatedAt), asc(helpArticles.id))
    .limit(5000);
  const texts = articles.length
    ? await db
        .select(textColumns)
        .from(helpArticleTexts)
        .where(
          inArray(
            helpArticleTexts.articleId,
            articles.map((a) => a.id),
          ),
        )
    : [];
  return { articles, texts };
}

export async function readArticle(db: Queryable, id: string) {
  const [article] = await db.select().from(helpArticles).where(eq(helpArticles.id, id));
  if (!article) return undefined;
  const texts = await db.select(textColumns).from(helpArticleTexts).where(eq(helpArticleTexts.articleId, id));
  return { article, texts };
}

/** The article's row locked for a change, or undefined when there is none. */
export async function lockArticle(db: Queryable, id: string): Promise<ArticleRecord | undefined> {
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id)).for('update');
  return row;
}

export async function insertArticle(
  db: Queryable,
  values: { position: number; published: boolean; updatedBy: string | null },
): Promise<ArticleRecord> {
  const [row] = await db.insert(helpArticles).values(values).returning();
  return row!;
}

export async function updateArticle(
  db: Queryable,
  id: string,
  values: { position: number; published: boolean; updatedBy: string | null },
): Promise<ArticleRecord> {
  const [row] = await db
    .update(helpArticles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(helpArticles.id, id))
    .returning();
  return row!;
}

/** Replaces every text of the article by `texts`. */
export async function replaceTexts(db: Queryable, id: string, texts: TextInput[]): Promise<void> {
  await db.delete(helpArticleTexts).where(eq(helpArticleTexts.articleId, id));
  if (texts.length) await db.insert(helpArticleTexts).values(texts.map((t) => ({ articleId: id, ...t })));
}

/** Deletes the article (its texts go with it); false when there was none. */
export async function deleteArticle(db: Queryable, id: string): Promise<boolean> {
  const gone = await db
    .delete(helpArticles)
    .where(eq(helpArticles.id, id))
    .returning({ id: helpArticles.id });
  return gone.length > 0;
}

/** The language the user stored (`/Common/SetLanguage`, registration), if any. */
export async function userLanguage(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language ?? null;
}

/**
 * Full-text search of the published articles written in `lang`, with the text search configuration `config`
 * (english, german …, or simple). Any word of the question may match (the words are OR-ed, stop words dropped,
 * stemmed by the configuration); the title's words weigh most (weight A). Best first.
 */
export async function searchWords(
  db: Queryable,
  q: { lang: string; config: string; question: string; limit: number },
): Promise<HitRecord[]> {
  const rows = await rowsOf<HitRecord>(
    db,
    sql`with q as (
          select replace(plainto_tsquery(${q.config}::regconfig, ${q.question})::text, ' & ', ' | ')::tsquery as query
        )
        select t.article_id as id, t.lang, t.title, t.content,
               ts_rank(
                 setweight(to_tsvector(${q.config}::regconfig, t.title), 'A') ||
                   to_tsvector(${q.config}::regconfig, t.plain),
                 q.query,
                 1
               )::float8 as score
          from help_article_texts t
          join help_articles a on a.id = t.article_id
          cross join q
         where a.published
           and t.lang = ${q.lang}
           and to_tsvector(${q.config}::regconfig, t.plain) @@ q.query
         order by score desc, a.position, t.article_id
         limit ${q.limit}`,
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

/**
 * Search without word boundaries, for languages written without spaces (zh, zh-tw, ja, ko): `terms` are the
 * question's character pairs and Latin words, found anywhere in the title (3 points) or the text (1 point); the
 * score is the points per term. Best first.
 */
export async function searchTerms(
  db: Queryable,
  q: { lang: string; terms: string[]; limit: number },
): Promise<HitRecord[]> {
  if (!q.terms.length) return [];
  const rows = await rowsOf<HitRecord>(
    db,
    sql`with terms as (select distinct unnest(string_to_array(${q.terms.join(' ')}, ' ')) as term)
        select id, lang, title, content, score from (
          select t.article_id as id, t.lang, t.title, t.content, a.position,
                 ((select 3 * count(*) filter (where strpos(lower(t.title), term) > 0)
                          + count(*) filter (where strpos(lower(t.plain), term) > 0)
                     from terms)::float8 / ${q.terms.length}) as score
            from help_article_texts t
            join help_articles a on a.id = t.article_id
           where a.published and t.lang = ${q.lang}
        ) hits
         where score > 0
         order by score desc, position, id
         limit ${q.limit}`,
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}
