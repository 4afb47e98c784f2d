import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { releaseNoteImages, releaseNotes, releaseNotesSeen } from './updates.schema.ts';
import { users } from '../account/users.schema.ts';

export type ReleaseNoteRow = typeof releaseNotes.$inferSelect;
export type ReleaseNoteImageRow = typeof releaseNoteImages.$inferSelect;

/** Every note of one client type (all types without one); the service orders them by version. */
export async function listNotes(db: Queryable, type?: number): Promise<ReleaseNoteRow[]> {
  return db
    .select()
    .from(releaseNotes)
    .where(type === undefined ? undefined : eq(releaseNotes.type, type))
    .orderBy(asc(releaseNotes.type), asc(releaseNotes.createdAt));
}

/** How many images each note has, keyed `type/version`. */
export async function imageCounts(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ type: releaseNoteImages.type, version: releaseNoteImages.version, n: count() })
    .from(releaseNoteImages)
    .groupBy(releaseNoteImages.type, releaseNoteImages.version);
  return new Map(rows.map((r) => [`${r.type}/${r.version}`, Number(r.n)]));
}

export async function findNote(
  db: Queryable,
  type: number,
  version: string,
  opts: { lock?: boolean } = {},
): Promise<ReleaseNoteRow | undefined> {
  const q = db
    .select()
    .from(releaseNotes)
    .where(and(eq(releaseNotes.type, type), eq(releaseNotes.version, version)))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** Inserts a note; undefined when one of that type and version exists already. */
export async function insertNote(
  db: Queryable,
  row: typeof releaseNotes.$inferInsert,
): Promise<ReleaseNoteRow | undefined> {
  const [inserted] = await db.insert(releaseNotes).values(row).onConflictDoNothing().returning();
  return inserted;
}

/**
 * Replaces a note's release type and content, and moves it to another type or version when they differ (its images
 * follow by the foreign key's ON UPDATE CASCADE).
 */
export async function updateNote(
  db: Queryable,
  key: { type: number; version: string },
  set: {
    type: number;
    version: string;
    releaseType: number;
    content: Record<string, unknown>;
    updatedBy: string;
  },
): Promise<ReleaseNoteRow | undefined> {
  const [row] = await db
    .update(releaseNotes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(releaseNotes.type, key.type), eq(releaseNotes.version, key.version)))
    .returning();
  return row;
}

/** Only the content (an image's references removed). */
export async function setNoteContent(
  db: Queryable,
  key: { type: number; version: string },
  content: Record<string, unknown>,
  updatedBy: string,
): Promise<void> {
  await db
    .update(releaseNotes)
    .set({ content, updatedBy, updatedAt: new Date() })
    .where(and(eq(releaseNotes.type, key.type), eq(releaseNotes.version, key.version)));
}

/** Deletes a note (its image rows go by the cascade); answers the storage keys of its images, to remove after. */
export async function deleteNote(
  db: Queryable,
  type: number,
  version: string,
): Promise<{ deleted: boolean; keys: string[] }> {
  const images = await db
    .select({ key: releaseNoteImages.storageKey })
    .from(releaseNoteImages)
    .where(and(eq(releaseNoteImages.type, type), eq(releaseNoteImages.version, version)));
  const gone = await db
    .delete(releaseNotes)
    .where(and(eq(releaseNotes.type, type), eq(releaseNotes.version, version)))
    .returning({ type: releaseNotes.type });
  return { deleted: gone.length > 0, keys: images.map((i) => i.key) };
}

export async function listImages(
  db: Queryable,
  type: number,
  version: string,
): Promise<ReleaseNoteImageRow[]> {
  return db
    .select()
    .from(releaseNoteImages)
    .where(and(eq(releaseNoteImages.type, type), eq(releaseNoteImages.version, version)))
    .orderBy(asc(releaseNoteImages.createdAt), asc(releaseNoteImages.name));
}

export async function insertImage(db: Queryable, row: typeof releaseNoteImages.$inferInsert): Promise<void> {
  await db.insert(releaseNoteImages).values(row);
}

export async function deleteImage(
  db: Queryable,
  type: number,
  version: string,
  name: string,
): Promise<ReleaseNoteImageRow | undefined> {
  const [row] = await db
    .delete(releaseNoteImages)
    .where(
      and(
        eq(releaseNoteImages.type, type),
        eq(releaseNoteImages.version, version),
        eq(releaseNoteImages.name, name),
      ),
    )
    .returning();
  return row;
}

/**
 * The image `GET /UpdateLog/image` serves: by version and name (names are random, so unique in practice), of a note
 * with that release type when one is given.
 */
export async function findPublicImage(
  db: Queryable,
  version: string,
  name: string,
  releaseType?: number,
): Promise<ReleaseNoteImageRow | undefined> {
  const [row] = await db
    .select({ image: releaseNoteImages })
    .from(releaseNoteImages)
    .innerJoin(
      releaseNotes,
      and(eq(releaseNotes.type, releaseNoteImages.type), eq(releaseNotes.version, releaseNoteImages.version)),
    )
    .where(
      and(
        eq(releaseNoteImages.version, version),
        eq(releaseNoteImages.name, name),
        releaseType === undefined ? undefined : eq(releaseNotes.releaseType, releaseType),
      ),
    )
    .orderBy(asc(releaseNoteImages.type))
    .limit(1);
  return row?.image;
}

/** The language a user chose (any of the 15), or null. */
export async function userLanguage(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.language ?? null;
}

/** The latest version this person has been shown of a client's notes; undefined when they never asked. */
export async function seenVersion(db: Queryable, userId: string, type: number): Promise<string | undefined> {
  const [row] = await db
    .select({ version: releaseNotesSeen.version })
    .from(releaseNotesSeen)
    .where(and(eq(releaseNotesSeen.userId, userId), eq(releaseNotesSeen.type, type)))
    .limit(1);
  return row?.version;
}

/**
 * Stores `version` as seen when the person has no row yet, and answers the stored one (theirs when two first asks
 * meet: the later one keeps the earlier one's).
 */
export async function firstSeen(
  db: Queryable,
  userId: string,
  type: number,
  version: string,
): Promise<string> {
  const [inserted] = await db
    .insert(releaseNotesSeen)
    .values({ userId, type, version })
    .onConflictDoNothing()
    .returning({ version: releaseNotesSeen.version });
  return inserted?.version ?? (await seenVersion(db, userId, type)) ?? version;
}

/** Stores `version` as the latest seen (the service decides it is not older than the stored one). */
export async function setSeen(db: Queryable, userId: string, type: number, version: string): Promise<void> {
  await db
    .insert(releaseNotesSeen)
    .values({ userId, type, version })
    .onConflictDoUpdate({
      target: [releaseNotesSeen.userId, releaseNotesSeen.type],
      set: { version, seenAt: new Date() },
    });
}
