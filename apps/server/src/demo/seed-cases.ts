import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import {
  CaseStatus,
  CaseType,
  ENCRYPTED_MAGIC,
  PERMANENT_DATE,
  ProcessStatus,
  type CaseOrder,
} from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { users } from '../modules/account/users.schema.ts';
import { customers } from '../modules/orgs/orgs.schema.ts';
import { deviceReceivers, deviceRegistry, devices } from '../modules/devices/devices.schema.ts';
import { caseBoxes, cases } from '../modules/cases/cases.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { createCase } from '../modules/cases/cases.service.ts';
import { archJaw, toothIndex, writePly } from '@archway/mesh';
import { actorFor } from '../modules/users/users.service.ts';
import { DEMO_BIND_CODE, DEMO_TIME_ZONE } from './seed.ts';

/** Demo Clinic's scanners: a plain one and one that encrypts (encryptType 2). */
export const DEMO_CASE_DEVICES = [
  { serial: 'D10000001', name: 'Chairside scanner', encryptType: 1 },
  { serial: 'D10000002', name: 'Encrypting scanner', encryptType: 2 },
] as const;
export const DEMO_CASES = 36;
/** Triangles in each demo jaw: enough to look like a scan, small enough to seed in a moment. */
export const DEMO_SCAN_TRIANGLES = 16_000;

const PATIENTS = [
  'Anna Weber',
  'Luca Rossi',
  'Mei Chen',
  'Jonas Berg',
  'Sofia Costa',
  'Omar Haddad',
  'Emma Novak',
  'Kenji Sato',
  'Lena Fischer',
  'Pablo Ruiz',
  'Ines Duarte',
  'Noah Klein',
];
const DOCTORS = ['Dr. Wagner', 'Dr. Moreau', 'Dr. Lindqvist', 'Dr. Alvarez'];
const TYPES = [CaseType.orthodontics, CaseType.implant, CaseType.restoration] as const;
const DAY_MS = 86_400_000;

/** Gum shades and tooth shades (about VITA A1, A2, A3, B1, C2, D2) the demo scans are coloured with. */
const GUMS = [
  [226, 138, 150],
  [196, 96, 110],
  [238, 170, 172],
  [214, 128, 118],
  [184, 104, 124],
] as const;
const ENAMELS = [
  [244, 238, 220],
  [242, 232, 206],
  [236, 222, 190],
  [248, 244, 232],
  [226, 216, 194],
  [238, 226, 204],
] as const;

/**
 * Demo case `n`'s scan of one jaw, made to differ from its neighbours' the way patients do: arch shape (tapered,
 * square, ovoid), 12 to 16 teeth, gum and tooth shades, and the order's teeth (lower jaw, which the preview image
 * shows from above) prepared for a crown on a restoration case or missing on an implant case. Deterministic for `n`.
 */
export function demoJaw(n: number, jaw: 'upper' | 'lower', orderTeeth: readonly number[], caseType: number) {
  const teeth = 12 + 2 * (n % 3);
  const upper = jaw === 'upper';
  const sites = upper ? [] : [...new Set(orderTeeth.map((t) => toothIndex(t, teeth)))];
  // A tooth lost long ago on some upper jaws.
  const lost = upper && n % 5 === 1 ? [Math.floor(teeth / 2) + 2] : [];
  return archJaw({
    triangles: DEMO_SCAN_TRIANGLES,
    seed: n * 2 + (upper ? 1 : 0),
    closed: true,
    upper,
    teeth,
    archWidth: 18 + ((n * 7) % 13),
    archDepth: 21 + ((n * 5) % 15),
    prepared: caseType === CaseType.restoration ? sites : [],
    missing: [...(caseType === CaseType.implant ? sites : []), ...lost],
    gum: GUMS[n % GUMS.length],
    enamel: ENAMELS[(n * 3) % ENAMELS.length],
  });
}

/** The teeth demo case `n`'s order names (FDI, lower jaw): one or two, on either side. */
export const demoTeeth = (n: number): number[] =>
  n % 4 === 3 ? [31 + (n % 6)] : [31 + (n % 6), 41 + ((n + 2) % 6)];

/** Demo cases uploaded yesterday (Berlin time), so the dashboard's "day" has something to show on a first start. */
export const DEMO_CASES_YESTERDAY = 3;

/** When demo case `n` was uploaded: the first few yesterday around noon in Berlin, the rest spread over 120 days. */
export function demoCaseTime(n: number, now: number): Date {
  if (n > DEMO_CASES_YESTERDAY) return new Date(now - ((n * 120) / DEMO_CASES) * DAY_MS);
  const yesterday = new Date(
    Date.parse(`${new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIME_ZONE }).format(now)}T11:00:00Z`) -
      DAY_MS,
  );
  return new Date(yesterday.getTime() - n * 30 * 60_000);
}

/** Written when every demo case exists: later starts do nothing, whatever users did to the cases or scanners. */
const DEMO_CASES_MARKER = 'demo.cases';
async function markDone(db: Db) {
  await db
    .insert(platformSettings)
    .values({ key: DEMO_CASES_MARKER, value: { cases: DEMO_CASES } })
    .onConflictDoNothing();
}

/**
 * A few dozen cases from Demo Clinic to Demo Lab over the last 120 days (so the 90-day rule and the statistics have
 * something to show), every type, a generated jaw-like scan each, some with lab progress or downloaded, one
 * encrypted. Made through `createCase`, as an upload would; insert-unless-present (upload ids `demo:<n>`), and once
 * all exist a marker row (`demo.cases`) ends the seeding for good: deleted cases or scanners do not come back.
 */
export async function seedDemoCases(db: Db, storage: Storage, area = 'default'): Promise<void> {
  const [marked] = await db
    .select({ key: platformSettings.key })
    .from(platformSettings)
    .where(eq(platformSettings.key, DEMO_CASES_MARKER));
  if (marked) return;
  const [done] = await db.select({ n: count() }).from(cases).where(like(cases.uploadId, 'demo:%'));
  if ((done?.n ?? 0) >= DEMO_CASES) return markDone(db);
  const orgs = new Map(
    (
      await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(inArray(customers.name, ['Demo Clinic', 'Demo Lab']))
    ).map((c) => [c.name, c.id]),
  );
  const [clinicUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'clinic'));
  const clinic = orgs.get('Demo Clinic');
  const lab = orgs.get('Demo Lab');
  if (!clinic || !lab || !clinicUser) return;

  await db
    .insert(deviceRegistry)
    .values(DEMO_CASE_DEVICES.map((d) => ({ serial: d.serial, bindCode: DEMO_BIND_CODE, area })))
    .onConflictDoNothing();
  await db
    .insert(devices)
    .values(DEMO_CASE_DEVICES.map((d) => ({ ...d, ownerCustId: clinic, boundBy: clinicUser.id })))
    .onConflictDoNothing();
  const bound = await db
    .select({ id: devices.id, serial: devices.serial })
    .from(devices)
    .where(
      inArray(
        devices.serial,
        DEMO_CASE_DEVICES.map((d) => d.serial),
      ),
    );
  for (const d of bound)
    await db
      .insert(deviceReceivers)
      .values(
        TYPES.map((caseType) => ({
          deviceId: d.id,
          caseType,
          custId: lab,
          expiresAt: PERMANENT_DATE,
          createdBy: clinicUser.id,
          createdByCustId: clinic,
        })),
      )
      .onConflictDoNothing();

  const actor = (await actorFor(db, clinicUser.id, clinic))!;
  const now = Date.now();
  for (let n = 1; n <= DEMO_CASES; n++) {
    const encrypted = n === DEMO_CASES;
    // Each plain case holds both jaws (the viewer shows or hides each); the encrypted one holds sealed bytes.
    const scans = encrypted
      ? [
          {
            name: 'upper.ply',
            body: Buffer.concat([Buffer.from(ENCRYPTED_MAGIC, 'latin1'), randomBytes(4096)]),
          },
        ]
      : (['upper', 'lower'] as const).map((jaw) => ({
          name: `${jaw}.ply`,
          body: Buffer.from(writePly(demoJaw(n, jaw, demoTeeth(n), TYPES[n % 3]!))),
        }));
    const stored = await Promise.all(
      scans.map(async (f) => {
        const key = `cases/${randomUUID()}`;
        return { key, name: f.name, format: 'ply', ...(await storage.put(key, f.body)) };
      }),
    );
    const order: CaseOrder = {
      caseType: TYPES[n % 3]!,
      patientName: PATIENTS[n % PATIENTS.length]!,
      doctor: DOCTORS[n % DOCTORS.length],
      clinic: 'Demo Clinic',
      phone: '+49 30 5550100',
      sex: n % 2 ? 'female' : 'male',
      age: 20 + ((n * 7) % 55),
      teeth: demoTeeth(n),
      upperJaw: true,
      lowerJaw: !encrypted,
      remark: n % 4 === 0 ? 'Please check the margin on the distal side.' : '',
      toothColor: 'A2',
      material: n % 3 === 0 ? 'Zirconia' : 'E.max',
    };
    const createdAt = demoCaseTime(n, now);
    try {
      const { id, created } = await createCase(
        db,
        actor,
        {},
        {
          deviceSerial: encrypted ? DEMO_CASE_DEVICES[1].serial : DEMO_CASE_DEVICES[0].serial,
          order,
          files: stored.map(({ key, name, format, size, sha256 }) => ({ key, name, format, size, sha256 })),
          uploadId: `demo:${n}`,
          crypto: encrypted,
          createdAt,
        },
      );
      if (!created) {
        await Promise.all(stored.map((f) => storage.delete(f.key)));
        continue;
      }
      // Some progress on the lab's side, and some downloads.
      const progress = [null, ProcessStatus.received, ProcessStatus.processing, ProcessStatus.finished][
        n % 4
      ];
      if (progress && progress !== ProcessStatus.received) {
        await db
          .update(caseBoxes)
          .set({ processStatus: progress })
          .where(and(eq(caseBoxes.caseId, id), eq(caseBoxes.custId, lab)));
        const status = progress === ProcessStatus.finished ? CaseStatus.finished : CaseStatus.processing;
        await db.update(cases).set({ status }).where(eq(cases.id, id));
      }
      if (n % 3 === 0)
        await db
          .update(caseBoxes)
          .set({ downloadedAt: new Date(Math.max(now - n * DAY_MS, createdAt.getTime() + 3_600_000)) })
          .where(and(eq(caseBoxes.caseId, id), eq(caseBoxes.custId, lab)));
    } catch (err) {
      await Promise.all(stored.map((f) => storage.delete(f.key)));
      throw err;
    }
  }
  await markDone(db);
}
