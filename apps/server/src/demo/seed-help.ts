import { readFileSync } from 'node:fs';
import type { Db } from '../platform/db/client.ts';
import { htmlText, sanitizeHtml } from '../platform/sanitize.ts';
import { helpArticles, helpArticleTexts } from '../modules/help/help.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { sourceUrl } from '../platform/server-root.ts';

type Text = { title: string; content: string };
type DemoArticle = { id: string; en: Text; de: Text; zh: Text };

const id = (n: number) => `6d1e1f00-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** One language's articles, numbered from 1 in the order the widget lists them (`help-articles/<lang>.json`). */
const texts = (lang: 'en' | 'de' | 'zh') =>
  JSON.parse(readFileSync(sourceUrl(`demo/help-articles/${lang}.json`), 'utf8')) as Record<string, Text>;
const [en, de, zh] = [texts('en'), texts('de'), texts('zh')];

/**
 * The demo knowledge base: what the help widget answers out of the box, in English, German and Chinese, written
 * against what Archway really does (the screens' own words in each language, its glossary's terms:
 * docs/glossary/<lang>.json, checked with every other text by the web's glossary.test.ts).
 */
export const DEMO_HELP_ARTICLES: DemoArticle[] = Object.keys(en).map((n) => ({
  id: id(Number(n)),
  en: en[n]!,
  de: de[n]!,
  zh: zh[n]!,
}));

const MARKER = 'demo.helpArticles';

/**
 * The demo knowledge base, once: a marker row in platform_settings is inserted in the same transaction, so a second
 * (or concurrent) start inserts nothing, and articles the administrator deleted or changed stay so.
 */
export async function seedDemoHelp(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await tx
      .insert(platformSettings)
      .values({ key: MARKER, value: { articles: DEMO_HELP_ARTICLES.length } })
      .onConflictDoNothing()
      .returning({ key: platformSettings.key });
    if (!first.length) return;
    await tx
      .insert(helpArticles)
      .values(DEMO_HELP_ARTICLES.map((a, i) => ({ id: a.id, position: (i + 1) * 10, published: true })))
      .onConflictDoNothing();
    await tx
      .insert(helpArticleTexts)
      .values(
        DEMO_HELP_ARTICLES.flatMap((a) =>
          (['en', 'de', 'zh'] as const).map((lang) => {
            const content = sanitizeHtml(a[lang].content);
            return {
              articleId: a.id,
              lang,
              title: a[lang].title,
              content,
              plain: `${a[lang].title} ${htmlText(content)}`,
            };
          }),
        ),
      )
      .onConflictDoNothing();
  });
}
