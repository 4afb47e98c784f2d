import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';

export interface ComparableCase {
  id: string;
  patientName: string;
  caseType: number;
  createdAt: Date;
  files: { id: string; name: string; format: string; size: number }[];
}

/**
 * The organization's cases (its box, not the bin) that are not encrypted and hold at least one original scan in a
 * format we read, newest first, at most `limit`; `keyword` matches like the case list's (patient, doctor, party).
 */
export async function comparableCases(
  db: Queryable,
  custId: string,
  keyword: string | undefined,
  limit: number,
): Promise<ComparableCase[]> {
  const rows = await rowsOf<{
    id: string;
    patient_name: string;
    case_type: number;
    created_at: Date | string;
    files: { id: string; name: string; format: string; size: number }[];
  }>(
    db,
    sql`select c.id, c.patient_name, c.case_type, c.created_at,
          (select json_agg(json_build_object('id', f.id, 'name', f.name, 'format', f.format, 'size', f.size)
                           order by f.created_at, f.name)
           from case_files f
           where f.case_id = c.id and f.converted_from is null and f.format in ('ply', 'stl', 'obj')) as files
        from case_boxes b join cases c on c.id = b.case_id
        where b.cust_id = ${custId} and b.deleted_at is null and b.recycled_at is null and c.crypto = 0
          ${keyword ? sql`and b.search ilike ${`%${escapeLike(keyword)}%`}` : sql``}
          and exists (select 1 from case_files f where f.case_id = c.id and f.converted_from is null
                      and f.format in ('ply', 'stl', 'obj'))
        order by b.case_created_at desc, b.case_id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    patientName: r.patient_name,
    caseType: r.case_type,
    createdAt: new Date(r.created_at),
    files: (r.files ?? []).map((f) => ({ ...f, size: Number(f.size) })),
  }));
}
