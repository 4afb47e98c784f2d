/**
 * The 1,000,000-case data set shared by `bench:cases` and `bench:stats`, written with set-based SQL over the
 * organizations of data.ts: `caseStatements(n)` (run them in one transaction after `generate`), the names the
 * patients have, the ids, and the sign-in of a bench account.
 *
 * Shape: organization 1 sends every fifth case (its box is the largest), the others spread over 2…200; each case has
 * a receiver (1 + (i·7 + 3) mod 200) and, when that is another organization, a received copy there (every third of
 * them downloaded); cases are spread over the last two years (730 days).
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
const patientName = (i: string) =>
  `(${sqlArray(FIRST)})[1 + ${i} % ${FIRST.length}] || ' ' || (${sqlArray(FAMILY)})[1 + (${i} / ${FIRST.length}) % ${FAMILY.length}]`;

export const custId = (i: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
const caseId = (i: string) => `('00000000-0000-4000-c000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
/** Organization 1 sends every fifth case (the largest box); the others spread over 2…200; each case has a receiver. */
const sender = `(case when i % 5 = 0 then 1 else 2 + (i % 199) end)`;
const receiver = `(1 + ((i * 7 + 3) % 200))`;

const nameOf = (id: string) => `(select name from customers where id = ${id})`;
const doctor = `'Dr ' || (i % 50)`;
const createdAt = `now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second'`;

export function caseStatements(n: number): string[] {
  return [
    // Bulk load: the per-row triggers (box counts, search text) are off, their work done set-based, and the search
    // index built once at the end.
    `alter table case_boxes disable trigger case_box_count`,
    `alter table case_boxes disable trigger case_box_search`,
    `alter table case_boxes disable trigger case_box_search_receiver`,
    `drop index case_boxes_search`,
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
    `create index case_boxes_search on case_boxes using gin (cust_id, search gin_trgm_ops) where deleted_at is null`,
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
