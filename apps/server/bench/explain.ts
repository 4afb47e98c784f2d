/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the server ran for one request, on PostgreSQL: each plan's shape in one
 * line, the whole-table scans of the device and organization tables, and whether JIT fired — once as the server
 * runs it (a prepared statement on a connection of the server's pool, so with its generic plan and settings), once
 * as a plain statement with PostgreSQL's defaults (jit on, a custom plan) for comparison.
 */
import pg from 'pg';

/** Tables whose whole-table scan we flag. */
export const WATCHED = [
  'devices',
  'device_auths',
  'device_users',
  'device_receivers',
  'customers',
  'cases',
  'case_boxes',
];

export interface Captured {
  text: string;
  values: unknown[];
}

export interface PlanReport {
  sql: string;
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  /** `Seq Scan` nodes on a watched table, with the rows they read. */
  seqScans: { table: string; rowsRead: number; loops: number }[];
  /** Index and other scans, "Index Scan using devices_owner on devices" style. */
  scans: string[];
  /** Whether a JIT section appears: with the server's settings, and with PostgreSQL's defaults. */
  jit: boolean;
  jitWithDefaults: boolean;
  /** Execution time with PostgreSQL's defaults (JIT included when it fires), and with `jit = off`. */
  executionMsWithDefaults: number;
  executionMsJitOff: number;
  text: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const c of node.Plans ?? []) walk(c, visit);
}

/** Reads only: not the realtime hub's `select pg_notify(…)` that a capture may catch (EXPLAIN ANALYZE would send it). */
const isRead = (text: string) => /^\s*(select|with)\b/i.test(text) && !/\bpg_notify\s*\(/i.test(text);

/**
 * `server`: a connection from the server's own pool (`openDatabase`), so its settings are the server's;
 * `defaults`: where to open a plain connection with PostgreSQL's defaults.
 */
export async function explainAll(
  server: pg.PoolClient,
  defaults: pg.ClientConfig,
  queries: Captured[],
): Promise<PlanReport[]> {
  const plain = new pg.Client(defaults);
  await plain.connect();
  try {
    await plain.query('set jit = on');
    const out: PlanReport[] = [];
    for (const [i, q] of queries.filter((x) => isRead(x.text)).entries()) {
      // The plan the server uses: its statements are prepared and planned generically (platform/db/client.ts).
      const name = `bench_explain_${i}`;
      await server.query(`prepare ${name} as ${q.text}`);
      // EXECUTE takes its arguments as literals (a bound parameter there is not passed on).
      const args = q.values.map((v) => (v === null ? 'null' : server.escapeLiteral(String(v)))).join(', ');
      const served = `execute ${name}${q.values.length ? `(${args})` : ''}`;
      const json = await server.query(`explain (analyze, buffers, format json) ${served}`);
      const doc = (json.rows[0] as { 'QUERY PLAN': unknown[] })['QUERY PLAN'][0] as {
        Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
        'Execution Time': number;
        'Planning Time': number;
        JIT?: unknown;
      };
      const text = await server.query(`explain (analyze, buffers) ${served}`);
      await server.query(`deallocate ${name}`);
      const withDefaults = await plain.query(`explain (analyze, format json) ${q.text}`, q.values);
      const seqScans: PlanReport['seqScans'] = [];
      const scans: string[] = [];
      walk(doc.Plan, (n) => {
        if (!n['Node Type'].includes('Scan')) return;
        const rel = n['Relation Name'];
        scans.push(
          `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${rel ? ` on ${rel}` : ''}`,
        );
        if (n['Node Type'] === 'Seq Scan' && rel && WATCHED.includes(rel)) {
          const loops = n['Actual Loops'] ?? 1;
          seqScans.push({
            table: rel,
            rowsRead: ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * loops,
            loops,
          });
        }
      });
      await plain.query('set jit = off');
      const jitOff = await plain.query(`explain (analyze, format json) ${q.text}`, q.values);
      await plain.query('set jit = on');
      const off = (jitOff.rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]!;
      const d = (withDefaults.rows[0] as { 'QUERY PLAN': { JIT?: unknown; 'Execution Time': number }[] })[
        'QUERY PLAN'
      ][0]!;
      out.push({
        sql: q.text.replace(/\s+/g, ' ').trim(),
        executionMs: doc['Execution Time'],
        planningMs: doc['Planning Time'],
        sharedHit: doc.Plan['Shared Hit Blocks'] ?? 0,
        sharedRead: doc.Plan['Shared Read Blocks'] ?? 0,
        seqScans,
        scans: [...new Set(scans)],
        jit: doc.JIT !== undefined,
        jitWithDefaults: d.JIT !== undefined,
        executionMsWithDefaults: d['Execution Time'],
        executionMsJitOff: off['Execution Time'],
        text: (text.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n'),
      });
    }
    return out;
  } finally {
    server.release();
    await plain.end();
  }
}
