/**
 * The benchmark's data set, written straight into the tables with set-based SQL (generate_series), so 20,000
 * devices take seconds. Deterministic: the same ids, names and shape on every run.
 *
 * Shape (defaults): 200 organizations (every fifth a lab, the rest clinics; privacy bits vary), two users each
 * (`bench-owner-NNN`, `bench-staff-NNN`, one password), 20,000 registry entries and bound devices. Organization 1
 * owns every fifth device (4,000: clearly the largest); the other 16,000 are spread over organizations 2–200 with a
 * power-law skew. Every fourth device is lent to another organization (70 % live, 15 % recalled, 15 % expired;
 * about 5,000 authorizations, 1,000 of them by organization 1 and some to it), every third has a device user from
 * another organization, every second routes its three case types to a lab, and every fiftieth also to organization 1.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client.ts';

export const ORGS = 200;
export const DEVICES = 20_000;
export const PASSWORD = 'bench-password-1';
export const LARGEST_ORG_OWNER = 'bench-owner-001';

const custId = (i: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
const ownerId = (i: string) => `('00000000-0000-4000-9000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
const staffId = (i: string) => `('00000000-0000-4000-9100-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
const deviceId = (i: string) => `('00000000-0000-4000-a000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;

/** Statements in order; each is one set-based insert. */
function statements(passwordHash: string): string[] {
  const hash = passwordHash.replace(/'/g, "''");
  return [
    `select setseed(0.42)`,
    `insert into customers (id, name, cust_type, status, privacy, email, phone, contact)
     select ${custId('i')},
            case when i % 5 = 0 then 'Bench Dental Lab ' else 'Bench Clinic ' end || lpad(i::text, 3, '0'),
            case when i % 5 = 0 then 3 else 2 end,
            case when i % 17 = 0 then 1 else 0 end,
            (array[14, 0, 2, 4])[1 + i % 4],
            'org' || lpad(i::text, 3, '0') || '@bench.test',
            '+1555' || lpad(i::text, 7, '0'),
            'Contact ' || i
     from generate_series(1, ${ORGS}) i`,
    `insert into users (id, username, password_hash, email)
     select ${ownerId('i')}, 'bench-owner-' || lpad(i::text, 3, '0'), '${hash}', 'owner' || i || '@bench.test'
     from generate_series(1, ${ORGS}) i
     union all
     select ${staffId('i')}, 'bench-staff-' || lpad(i::text, 3, '0'), '${hash}', 'staff' || i || '@bench.test'
     from generate_series(1, ${ORGS}) i`,
    `insert into memberships (user_id, cust_id, role)
     select ${ownerId('i')}, ${custId('i')}, 'owner' from generate_series(1, ${ORGS}) i
     union all
     select ${staffId('i')}, ${custId('i')}, 'member' from generate_series(1, ${ORGS}) i`,
    `insert into device_registry (serial, bind_code, area)
     select (array['A', 'C', 'E'])[1 + i % 3] || 'BN' || lpad(i::text, 7, '0'),
            lpad(((i * 7919) % 1000000)::text, 6, '0'), 'default'
     from generate_series(1, ${DEVICES}) i`,
    // Owner of each device: organization 1 for every fifth, else 2..200 skewed towards the low numbers.
    `create temporary table bench_owner as
     select i, case when i % 5 = 0 then 1 else 2 + least(198, floor(199 * power(random(), 1.5))::int) end as o
     from generate_series(1, ${DEVICES}) i`,
    `insert into devices (id, serial, name, memo, owner_cust_id, bound_by, activated_at)
     select ${deviceId('i')}, (array['A', 'C', 'E'])[1 + i % 3] || 'BN' || lpad(i::text, 7, '0'),
            'Scanner ' || i, case when i % 7 = 0 then 'chair ' || (i % 9) end,
            ${custId('o')}, ${ownerId('o')}, now() - make_interval(mins => ${DEVICES} - i)
     from bench_owner`,
    // Lending: every fourth device to another organization (never its owner).
    `insert into device_auths (device_id, cust_id, from_cust_id, created_by, expires_at, status, created_at, updated_at)
     select ${deviceId('i')}, ${custId(`((o - 1) + 1 + (i / 4) % 199) % ${ORGS} + 1`)}, ${custId('o')}, ${ownerId('o')},
            case when (i / 4) % 20 in (3, 13, 17) then now() - make_interval(days => 1 + i % 30)
                 else now() + make_interval(days => 30 + i % 300) end,
            case when (i / 4) % 20 in (1, 5, 9) then 'recalled'
                 when (i / 4) % 20 in (3, 13, 17) then 'expired'
                 else 'active' end,
            now() - make_interval(days => 40), now() - make_interval(days => 2)
     from bench_owner where i % 4 = 0`,
    // A device user from another organization on every third device.
    `insert into device_users (device_id, user_id, starts_at, ends_at, created_by, created_by_cust_id)
     select ${deviceId('i')}, ${staffId(`(o + 3 + i % 50) % ${ORGS} + 1`)},
            now() - make_interval(days => 10), now() + make_interval(days => 5 + i % 100),
            ${ownerId('o')}, ${custId('o')}
     from bench_owner where i % 3 = 0`,
    // Receivers: every second device routes case types 1-3 to a lab; every fiftieth also type 1 to organization 1.
    `insert into device_receivers (device_id, case_type, cust_id, expires_at, created_by, created_by_cust_id)
     select ${deviceId('i')}, t, ${custId('5 * (1 + i % 40)')}, now() + make_interval(days => 365), ${ownerId('o')}, ${custId('o')}
     from bench_owner, generate_series(1, 3) t where i % 2 = 0 and 5 * (1 + i % 40) <> o
     union all
     select ${deviceId('i')}, 1, ${custId('1')}, now() + make_interval(days => 365), ${ownerId('o')}, ${custId('o')}
     from bench_owner where i % 50 = 25 and o <> 1`,
    `drop table bench_owner`,
  ];
}

export interface DataShape {
  organizations: number;
  users: number;
  devices: number;
  largestOrgDevices: number;
  secondOrgDevices: number;
  authorizations: number;
  activeAuthorizations: number;
  deviceUsers: number;
  receivers: number;
}

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

/** Fills an empty, migrated database; runs VACUUM ANALYZE (the plans must not wait for autovacuum). */
export async function generate(db: Db, passwordHash: string): Promise<DataShape> {
  await db.transaction(async (tx) => {
    for (const s of statements(passwordHash)) await tx.execute(sql.raw(s));
  });
  await db.execute(sql.raw('vacuum analyze'));
  const count = async (q: string) => Number(rowsOf(await db.execute(sql.raw(q)))[0]!.n);
  const perOrg = rowsOf(
    await db.execute(
      sql.raw(`select count(*)::int as n from devices group by owner_cust_id order by 1 desc limit 2`),
    ),
  );
  return {
    organizations: await count(`select count(*)::int as n from customers`),
    users: await count(`select count(*)::int as n from users`),
    devices: await count(`select count(*)::int as n from devices`),
    largestOrgDevices: Number(perOrg[0]?.n ?? 0),
    secondOrgDevices: Number(perOrg[1]?.n ?? 0),
    authorizations: await count(`select count(*)::int as n from device_auths`),
    activeAuthorizations: await count(
      `select count(*)::int as n from device_auths where status = 'active' and expires_at > now()`,
    ),
    deviceUsers: await count(`select count(*)::int as n from device_users`),
    receivers: await count(`select count(*)::int as n from device_receivers`),
  };
}

/** Accounts the sign-in flood cycles through (each organization's two users). */
export const floodAccounts = (): string[] =>
  Array.from({ length: ORGS }, (_, k) => [
    `bench-owner-${String(k + 1).padStart(3, '0')}`,
    `bench-staff-${String(k + 1).padStart(3, '0')}`,
  ]).flat();
