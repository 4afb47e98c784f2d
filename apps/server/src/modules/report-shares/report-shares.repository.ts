import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/client.ts';
import { users } from '../account/users.schema.ts';
import { customers } from '../orgs/orgs.schema.ts';
import { caseFiles, cases } from '../cases/cases.schema.ts';
import { caseDesigns } from '../cases/designs.schema.ts';
import { reportShares } from './report-shares.schema.ts';

export type ReportShareRow = typeof reportShares.$inferSelect;

export const insertShare = async (db: Queryable, values: typeof reportShares.$inferInsert) =>
  (await db.insert(reportShares).values(values).returning())[0]!;

/** The organization's links for a case, newest first, with the name of who made each. */
export const sharesOf = (db: Queryable, caseId: string, custId: string) =>
  db
    .select({
      id: reportShares.id,
      createdAt: reportShares.createdAt,
      expiresAt: reportShares.expiresAt,
      revokedAt: reportShares.revokedAt,
      shownPins: reportShares.shownPins,
      createdByName: users.username,
    })
    .from(reportShares)
    .leftJoin(users, eq(users.id, reportShares.createdBy))
    .where(and(eq(reportShares.caseId, caseId), eq(reportShares.custId, custId)))
    .orderBy(desc(reportShares.createdAt), desc(reportShares.id));

/** Revokes a link the organization made (a revoked one stays revoked); false when it made no such link. */
/** Revokes the link (report-shares.access `revokeRefusal` decided the caller may); the organization's own only. */
export async function revokeShare(
  db: Queryable,
  id: string,
  custId: string,
): Promise<ReportShareRow | undefined> {
  const rows = await db
    .update(reportShares)
    .set({ revokedAt: sql`coalesce(${reportShares.revokedAt}, now())` })
    .where(and(eq(reportShares.id, id), eq(reportShares.custId, custId)))
    .returning();
  return rows[0];
}

/** A link by its token's hash (report-shares.access decides whether it is live). */
export const shareByToken = async (db: Queryable, tokenHash: string) =>
  (await db.select().from(reportShares).where(eq(reportShares.tokenHash, tokenHash)).limit(1))[0];

/** A link by its id. */
export const findShare = async (db: Queryable, id: string) =>
  (await db.select().from(reportShares).where(eq(reportShares.id, id)).limit(1))[0];

/** Sets a link's expiry (tests play a link running out). */
export const setShareExpiry = (db: Queryable, id: string, expiresAt: Date) =>
  db.update(reportShares).set({ expiresAt }).where(eq(reportShares.id, id));

export const caseOf = async (db: Queryable, caseId: string) =>
  (await db.select().from(cases).where(eq(cases.id, caseId)).limit(1))[0];

/** The sharing organization's name and report customization. */
export const orgReportOf = async (db: Queryable, custId: string) =>
  (
    await db
      .select({
        name: customers.name,
        introduction: customers.introduction,
        shareColor: customers.shareColor,
        fontColor: customers.fontColor,
        logo: customers.logo,
        background: customers.background,
        sharePictures: customers.sharePictures,
        shareVideo: customers.shareVideo,
      })
      .from(customers)
      .where(eq(customers.id, custId))
      .limit(1)
  )[0];

export const designOf = async (db: Queryable, caseId: string) =>
  (await db.select().from(caseDesigns).where(eq(caseDesigns.caseId, caseId)).limit(1))[0];

/** The case's original scans (what the report's 3D view shows). */
export const reportFilesOf = (db: Queryable, caseId: string) =>
  db
    .select()
    .from(caseFiles)
    .where(
      and(
        eq(caseFiles.caseId, caseId),
        isNull(caseFiles.convertedFrom),
        sql`${caseFiles.format} in ('ply', 'stl', 'obj')`,
      ),
    )
    .orderBy(caseFiles.createdAt, caseFiles.name);
