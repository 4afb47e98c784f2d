import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { platformSettings } from './settings.schema.ts';

/** A platform setting's value and when it was last set (undefined: never set). */
export async function readSetting(
  db: Queryable,
  key: string,
): Promise<{ value: Record<string, unknown>; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ value: platformSettings.value, updatedAt: platformSettings.updatedAt })
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .limit(1);
  return row;
}

/** Sets a platform setting (in the caller's transaction); answers when. */
export async function writeSetting(
  db: Queryable,
  key: string,
  value: Record<string, unknown>,
): Promise<Date> {
  const updatedAt = new Date();
  await db
    .insert(platformSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt } });
  return updatedAt;
}
