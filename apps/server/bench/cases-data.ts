/**
 * The 1,000,000-case data set shared by `bench:cases` and `bench:stats`, written with set-based SQL over the
 * organizations of data.ts: `caseStatements(n)` (run them in one transaction after `generate`), the names the
 * patients have, the ids, and the sign-in of a bench account.
 *
 * Shape (issue 35: 200 organizations, the largest box 100,000 copies at a million cases): organization 1 sends every
 * twentieth case and receives every twentieth other (i mod 20 = 10), so its box holds a tenth of the cases, half sent
 * and half received; the other cases go from one of 2…200 to one of 2…200 (a received copy when that is another
 * organization, every third of them downloaded). Cases are spread over the last two years (730 days); patients' names
 * and the first eight hex digits of the ids (the short case number) are scattered by a multiplicative hash, so every
 * name and every case number occurs in every box.
 */
import { LARGEST_ORG_OWNER, PASSWORD } from './data.ts';
import { agentFor, request } from './load.ts';

/** Patients are named as people are: 48 first names × 64 family names, each pair ~325 times in a million cases. */
export const FIRST = (
  'Anna Ben Clara David Emma Felix Greta Hugo Ida Jonas Karla Leon Mia Noah Olga Paul Rosa Sven Tina Umar Vera ' +
  'Wei Xenia Yara Zoe Ali Bea Carlos Dana Eric Fatima Goran Hana Ivan Julia Kenji Lena Marco Nina Omar Pia ' +
  'Quentin Rita Sami Tomas Ulla Viktor Yusuf'
).split(' ');
export const FAMILY = (
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder ' +
  'Neumann Schwarz Braun Zimmermann Krüger Hartmann Lange Werner Krause Lehmann Köhler Maier Walter König Huber ' +
  'Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Vogel Friedrich Keller Günther Frank Berger Winkler ' +
  'Roth Beck Lorenz Baumann Franke Albrecht Ludwig Winter Simon Kraus Martin Schuster Böhm Vogt Jäger Otto Sommer ' +
  'Groß'
).split(' ');
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** A multiplicative hash of i into 0…2³²−1 (a bijection: 2654435761 is odd). */
const scatter = (i: string) => `((${i})::bigint * 2654435761 % 4294967296)`;
const patientName = (i: string) =>
  `(${sqlArray(FIRST)})[1 + ${scatter(i)} % ${FIRST.length}] || ' ' || (${sqlArray(FAMILY)})[1 + (${scatter(i)} / ${FIRST.length}) % ${FAMILY.length}]`;

export const custId = (i: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
/** Case i's id: its short case number (the first eight hex digits) scattered, its last twelve i itself. */
export const caseId = (i: string) =>
  `(lpad(to_hex(${scatter(i)}), 8, '0') || '-0000-4000-c000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
/** Case i's short case number as the web shows it (`XXXX-XXXX`, case-number.ts). */
export function caseNumberOf(i: number): string {
  const h = ((BigInt(i) * 2654435761n) % 4294967296n).toString(16).padStart(8, '0');
  return `${h.slice(0, 4)}-${h.slice(4)}`.toUpperCase();
}
/** Cases organization 1 sends (i mod 20 = 0) and receives (i mod 20 = 10); the rest between 2…200. */
const sender = `(case when i % 20 = 0 then 1 else 2 + (i % 199) end)`;
const receiver = `(case when i % 20 = 10 then 1 else 2 + ((i * 7 + 3) % 199) end)`;
/** A case organization 1 holds: every tenth (i = 10, 20, 30, …). */
export const largestBoxCase = (k: number) => 10 * (k + 1);

const nameOf = (id: string) => `(select name from customers where id = ${id})`;
const doctor = `'Dr ' || (i % 50)`;
const createdAt = `now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'`;

export function caseStatements(n: number): string[] {
  return [
    // Bulk load: the per-row triggers (box counts, search text) are off, their work done set-based, and the copies'
    // secondary indexes (whatever the migrations made them) dropped and built once at the end.
    `set local maintenance_work_mem = '512MB'`,
    `alter table case_boxes disable trigger case_box_count`,
    `alter table case_boxes disable trigger case_box_search`,
    `alter table case_boxes disable trigger case_box_search_receiver`,
    `create temp table bench_case_box_indexes on commit drop as
       select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = current_schema() and i.tablename = 'case_boxes'
         and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
    `do $$ declare r record; begin
       for r in select indexname from bench_case_box_indexes loop execute format('drop index %I', r.indexname); end loop;
     end $$`,
    `insert into cases (id, sender_cust_id, device_serial, case_type, status, ext, patient_name, doctor, created_at, uploaded_at)
     select ${caseId('i')}, ${custId(sender)}, 'BENCH' || (i % 1000), 1 + i % 3, 2, 'ply', ${patientName('i')},
       ${doctor}, ${createdAt}, ${createdAt}
     from generate_series(1, ${n}) i`,
    `insert into case_boxes (case_id, cust_id, role, case_created_at, search)
     select ${caseId('i')}, ${custId(sender)}, 1, ${createdAt},
       concat_ws(' ', ${patientName('i')}, ${doctor}, case when ${receiver} <> ${sender} then ${nameOf(custId(receiver))} end)
     from generate_series(1, ${n}) i`,
    `insert into case_boxes (case_id, cust_id, role, case_created_at, process_status, downloaded_at, search)
     select ${caseId('i')}, ${custId(receiver)}, 2, ${createdAt}, 1, case when i % 3 = 0 then now() end,
       concat_ws(' ', ${patientName('i')}, ${doctor}, ${nameOf(custId(sender))})
     from generate_series(1, ${n}) i where ${receiver} <> ${sender}`,
    `insert into case_box_counts (cust_id, bin, n)
     select cust_id, recycled_at is not null, count(*) from case_boxes where deleted_at is null group by 1, 2
     on conflict (cust_id, bin) do update set n = excluded.n`,
    `do $$ declare r record; begin
       for r in select indexdef from bench_case_box_indexes loop execute r.indexdef; end loop;
     end $$`,
    `alter table case_boxes enable trigger case_box_count`,
    `alter table case_boxes enable trigger case_box_search`,
    `alter table case_boxes enable trigger case_box_search_receiver`,
  ];
}

/** Signs in (default: the largest organization's owner) through the API; answers the access token. */
export async function signIn(port: number, username = LARGEST_ORG_OWNER) {
  const agent = agentFor(1);
  const res = await request(
    agent,
    port,
    'POST',
    '/account/token',
    {},
    JSON.stringify({ username, password: PASSWORD }),
    30_000,
  );
  agent.destroy();
  return (JSON.parse(res.body) as { data: { AccessToken: string } }).data.AccessToken;
}
