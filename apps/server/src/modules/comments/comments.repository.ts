import { sql } from 'drizzle-orm';
import type { CommentAnchor } from '@archway/contract';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { containsLike } from '../../platform/db/like.ts';
import { caseComments } from './comments.schema.ts';

export type CommentRow = typeof caseComments.$inferSelect;

export async function insertComment(
  db: Queryable,
  row: typeof caseComments.$inferInsert,
): Promise<CommentRow> {
  const [inserted] = await db.insert(caseComments).values(row).returning();
  return inserted!;
}

export interface CommentView {
  id: string;
  case_id: string;
  cust_id: string;
  cust_name: string;
  user_id: string | null;
  user_name: string | null;
  text: string;
  image: string | null;
  image_name: string | null;
  image_size: number | string | null;
  anchor: CommentAnchor | null;
  created_at: Date | string;
}

/** A case's comments, oldest first, with the author's organization and name and the image's name and size. */
export const listComments = (db: Queryable, caseId: string) =>
  rowsOf<CommentView>(
    db,
    sql`select cc.id, cc.case_id, cc.cust_id, c.name as cust_name, cc.user_id, u.username as user_name, cc.text,
        cc.image, a.name as image_name, a.size as image_size, cc.anchor, cc.created_at
      from case_comments cc join customers c on c.id = cc.cust_id
      left join users u on u.id = cc.user_id left join attachments a on a.id = cc.image
      where cc.case_id = ${caseId} order by cc.created_at, cc.id`,
  );

export const findCommentView = async (db: Queryable, id: string) =>
  (
    await rowsOf<CommentView>(
      db,
      sql`select cc.id, cc.case_id, cc.cust_id, c.name as cust_name, cc.user_id, u.username as user_name, cc.text,
        cc.image, a.name as image_name, a.size as image_size, cc.anchor, cc.created_at
      from case_comments cc join customers c on c.id = cc.cust_id
      left join users u on u.id = cc.user_id left join attachments a on a.id = cc.image
      where cc.id = ${id}`,
    )
  )[0];

/** Whether `fileId` is one of the case's scans (a 3D file: PLY, STL or OBJ, original or converted). */
export const isScanOf = async (db: Queryable, caseId: string, fileId: string) =>
  (
    await rowsOf<{ id: string }>(
      db,
      sql`select f.id from case_files f where f.id = ${fileId} and f.case_id = ${caseId}
        and f.format in ('ply', 'stl', 'obj')`,
    )
  ).length > 0;

export interface PinView {
  id: string;
  text: string;
  anchor: CommentAnchor;
  cust_name: string;
  created_at: Date | string;
}

/** The case's pinned remarks on any of `fileIds`, oldest first, with the writing organization's name. */
export const pinsOn = (db: Queryable, caseId: string, fileIds: readonly string[]) =>
  fileIds.length === 0
    ? Promise.resolve([] as PinView[])
    : rowsOf<PinView>(
        db,
        sql`select cc.id, cc.text, cc.anchor, c.name as cust_name, cc.created_at
          from case_comments cc join customers c on c.id = cc.cust_id
          where cc.case_id = ${caseId} and cc.anchor is not null
            and cc.anchor->>'fileId' in (${sql.join(
              fileIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by cc.created_at, cc.id`,
      );

/** The members of every other organization holding a copy of the case (sender, receivers, third party). */
export const otherHolders = (db: Queryable, caseId: string, custId: string) =>
  rowsOf<{ user_id: string }>(
    db,
    sql`select distinct m.user_id from case_boxes b join memberships m on m.cust_id = b.cust_id
      where b.case_id = ${caseId} and b.cust_id <> ${custId} and b.deleted_at is null`,
  );

export interface CommentCaseView {
  case_id: string;
  patient_name: string;
  sender_name: string;
  case_created_at: Date | string;
  comments: number | string;
  last_time: Date | string;
  last_text: string;
  last_image: string | null;
  last_cust_name: string;
  unread: number | string;
  total: number | string;
}

/**
 * The cases the organization holds that have comments, by their newest comment (`desc` or `asc`), one page, with
 * the caller's unread reply notifications per case; `commentCustId` keeps cases on which that organization wrote.
 */
export const commentCases = (
  db: Queryable,
  q: {
    custId: string;
    userId: string;
    commentCustId?: string;
    keyword?: string;
    asc: boolean;
    limit: number;
    offset: number;
  },
) =>
  rowsOf<CommentCaseView>(
    db,
    sql`with mine as (
        select b.case_id from case_boxes b where b.cust_id = ${q.custId} and b.deleted_at is null
          and b.recycled_at is null
      ), stats as (
        select cc.case_id, count(*)::int as comments, max(cc.created_at) as last_time
        from case_comments cc join mine on mine.case_id = cc.case_id group by cc.case_id
      )
      select s.case_id, k.patient_name, sc.name as sender_name, k.created_at as case_created_at, s.comments,
        s.last_time, l.text as last_text, l.image as last_image, lc.name as last_cust_name,
        (select count(*)::int from notices n where n.user_id = ${q.userId} and n.kind = 'reply'
          and n.case_id = s.case_id and n.read_at is null) as unread,
        count(*) over ()::int as total
      from stats s join cases k on k.id = s.case_id join customers sc on sc.id = k.sender_cust_id
      join lateral (select cc.text, cc.image, cc.cust_id from case_comments cc where cc.case_id = s.case_id
        order by cc.created_at desc, cc.id desc limit 1) l on true
      join customers lc on lc.id = l.cust_id
      where true
      ${q.commentCustId ? sql`and exists (select 1 from case_comments x where x.case_id = s.case_id and x.cust_id = ${q.commentCustId})` : sql``}
      ${q.keyword ? sql`and k.patient_name ilike ${containsLike(q.keyword)}` : sql``}
      order by s.last_time ${q.asc ? sql`asc` : sql`desc`}, s.case_id
      limit ${q.limit} offset ${q.offset}`,
  );

/** The caller's unread reply notifications, per case and replying organization. */
export const unreadReplies = (db: Queryable, userId: string) =>
  rowsOf<{ case_id: string; send_id: string | null; count: number | string }>(
    db,
    sql`select n.case_id, n.send_id, count(*)::int as count from notices n
      where n.user_id = ${userId} and n.kind = 'reply' and n.read_at is null and n.case_id is not null
      group by n.case_id, n.send_id order by max(n.created_at) desc`,
  );

/** Whether the organization holds (box or bin, not emptied) a case whose comment shows this image. */
export async function commentImageHeldBy(
  db: Queryable,
  attachmentId: string,
  custId: string,
): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`select 1 as one from case_comments cc
      join case_boxes b on b.case_id = cc.case_id and b.cust_id = ${custId} and b.deleted_at is null
      where cc.image = ${attachmentId} limit 1`,
  );
  return rows.length > 0;
}
