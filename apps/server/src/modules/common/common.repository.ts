import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { translations } from './common.schema.ts';

/** The stored overrides of one language, `{}` when there are none. */
export async function findTranslations(db: Queryable, lang: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ content: translations.content })
    .from(translations)
    .where(eq(translations.lang, lang));
  return row?.content ?? {};
}

/** Throws when the database does not answer. */
export async function ping(db: Queryable): Promise<void> {
  await db.execute(sql`select 1`);
}
