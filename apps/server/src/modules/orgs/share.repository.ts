import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { customers } from './orgs.schema.ts';

export async function shareOf(db: Queryable, custId: string, { lock = false }: { lock?: boolean } = {}) {
  const q = db
    .select({
      id: customers.id,
      logo: customers.logo,
      background: customers.background,
      introduction: customers.introduction,
      fontColor: customers.fontColor,
      sharePictures: customers.sharePictures,
      shareVideo: customers.shareVideo,
    })
    .from(customers)
    .where(eq(customers.id, custId))
    .limit(1);
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

export async function setLogo(
  db: Queryable,
  custId: string,
  which: 'logo' | 'background',
  id: string | null,
) {
  await db
    .update(customers)
    .set(which === 'logo' ? { logo: id } : { background: id })
    .where(eq(customers.id, custId));
}

export async function setSharePictures(db: Queryable, custId: string, ids: string[]) {
  await db
    .update(customers)
    .set({ sharePictures: sql`${JSON.stringify(ids)}::jsonb` })
    .where(eq(customers.id, custId));
}

/** Sets the video only when there is none: false when one exists (one video at a time, whoever races). */
export async function setVideoIfNone(db: Queryable, custId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ shareVideo: id })
    .where(and(eq(customers.id, custId), isNull(customers.shareVideo)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

export async function clearVideo(db: Queryable, custId: string) {
  await db.update(customers).set({ shareVideo: null }).where(eq(customers.id, custId));
}
