import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import {
  CaseStatus,
  CaseType,
  ENCRYPTED_MAGIC,
  PERMANENT_DATE,
  type CommentAnchor,
  ProcessStatus,
  type CaseOrder,
} from '@archway/contract';
import type { Db } from '../platform/db/client.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { users } from '../modules/account/users.schema.ts';
import { customers } from '../modules/orgs/orgs.schema.ts';
import { deviceReceivers, deviceRegistry, devices } from '../modules/devices/devices.schema.ts';
import { caseBoxes, caseFiles, cases } from '../modules/cases/cases.schema.ts';
import { caseComments } from '../modules/comments/comments.schema.ts';
import { memberIdsOf, notify } from '../modules/notices/notices.service.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { createCase } from '../modules/cases/cases.service.ts';
import { queuePreview } from '../modules/scans/scans.jobs.ts';
import { archJaw, toothIndex, writePly, type Mesh } from '@archway/mesh';
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
 * The demo case whose two jaws were scanned in occlusion, in one frame as intraoral scanners export them (the bite
 * map's pair): case 2, a crown on 16 (prepared on the upper jaw), from yesterday, being made at the lab. The jaws are
 * mirror images (same seed and arch) with the upper lifted to leave `gap` mm at the closest point; the seed is one
 * whose three tallest teeth (two on the right, one on the left) are within 0.01 mm of each other, so the bite shows
 * three contacts (≤ 0.05 mm) and more teeth near. Bigger than the other demo scans, as a real pair is.
 */
export const DEMO_BITE = {
  case: 2,
  triangles: 150_000,
  seed: 5001,
  teeth: 14,
  gap: 0.02,
  order: [16],
  names: { upper: 'occlusion-upper.ply', lower: 'occlusion-lower.ply' },
  pin: 'Check the margin on 16',
} as const;

/** The bite pair's scan of one jaw (see DEMO_BITE): 16 prepared on the upper jaw. Deterministic. */
export function demoBiteJaw(jaw: 'upper' | 'lower'): Mesh {
  const upper = jaw === 'upper';
  return archJaw({
    triangles: DEMO_BITE.triangles,
    seed: DEMO_BITE.seed,
    closed: true,
    teeth: DEMO_BITE.teeth,
    archWidth: 22,
    archDepth: 27,
    ...(upper ? { upper, bite: DEMO_BITE.gap } : {}),
    prepared: upper ? DEMO_BITE.order.map((t) => toothIndex(t, DEMO_BITE.teeth)) : [],
    gum: GUMS[1],
    enamel: ENAMELS[2],
  });
}

/**
 * Where the lab's remark on the bite pair is pinned: the tip of the prepared 16 on the upper jaw (its lowest vertex
 * on that tooth: the upper jaw's crests face down), the surface normal there (area-weighted, unit) and a camera
 * looking up at it from 60 mm along the normal, the front teeth up.
 */
export function demoPinAnchor(upper: Mesh, fileId: string): CommentAnchor {
  const p = upper.positions;
  const index = toothIndex(DEMO_BITE.order[0], DEMO_BITE.teeth);
  const HALF_ANGLE = 1.95; // archJaw's arch runs over ±1.95 rad
  let best = -1;
  for (let v = 0; v < p.length / 3; v++) {
    const u = (Math.atan2(p[v * 3]! / 22, p[v * 3 + 1]! / 27) + HALF_ANGLE) / (2 * HALF_ANGLE);
    const along = u * DEMO_BITE.teeth - index;
    if (along < 0.3 || along > 0.7) continue;
    if (best < 0 || p[v * 3 + 2]! < p[best * 3 + 2]!) best = v;
  }
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const ix = upper.indices!;
  for (let t = 0; t < ix.length; t += 3) {
    const [a, b, c] = [ix[t]!, ix[t + 1]!, ix[t + 2]!];
    if (a !== best && b !== best && c !== best) continue;
    const u = [0, 1, 2].map((k) => p[b * 3 + k]! - p[a * 3 + k]!);
    const w = [0, 1, 2].map((k) => p[c * 3 + k]! - p[a * 3 + k]!);
    nx += u[1]! * w[2]! - u[2]! * w[1]!;
    ny += u[2]! * w[0]! - u[0]! * w[2]!;
    nz += u[0]! * w[1]! - u[1]! * w[0]!;
  }
  const len = Math.hypot(nx, ny, nz);
  const normal: [number, number, number] = [nx / len, ny / len, nz / len];
  const point = [p[best * 3]!, p[best * 3 + 1]!, p[best * 3 + 2]!] as [number, number, number];
  return {
    fileId,
    point,
    normal,
    camera: {
      position: point.map((x, k) => x + 60 * normal[k]!) as [number, number, number],
      target: point,
      up: [0, 1, 0],
    },
  };
}

/**
 * Demo case `n`'s scan of one jaw, made to differ from its neighbours' the way patients do: arch shape (tapered,
 * square, ovoid), 12 to 16 teeth, gum and tooth shades, and the order's teeth (lower jaw, which the preview image
 * shows from above) prepared for a crown on a restoration case or missing on an implant case. Deterministic for `n`.
 */
export function demoJaw(n: number, jaw: 'upper' | 'lower', orderTeeth: readonly number[], caseType: number) {
  if (n === DEMO_BITE.case) return demoBiteJaw(jaw);
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
  n === DEMO_BITE.case
    ? [...DEMO_BITE.order]
    : n % 4 === 3
      ? [31 + (n % 6)]
      : [31 + (n % 6), 41 + ((n + 2) % 6)];

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

/**
 * The lab's remark pinned to the bite pair's upper jaw (DEMO_BITE.pin), a few hours after the upload: a comment of
 * the case's thread with its anchor, and a reply notice for each member of the clinic, as the lab posting it would
 * leave them (the demo has nobody online to announce it to).
 */
async function pinDemoRemark(
  db: Db,
  caseId: string,
  lab: string,
  createdAt: Date,
  now: number,
  patientName: string,
) {
  const [labUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'lab'));
  const [file] = await db
    .select({ id: caseFiles.id })
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.name, DEMO_BITE.names.upper)));
  if (!file) return;
  const anchor = demoPinAnchor(demoBiteJaw('upper'), file.id);
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(caseComments)
      .values({
        caseId,
        custId: lab,
        userId: labUser?.id ?? null,
        text: DEMO_BITE.pin,
        anchor,
        createdAt: new Date(Math.min(now, createdAt.getTime() + 3 * 3_600_000)),
      })
      .returning({ id: caseComments.id });
    const [clinic] = await tx.select({ id: cases.senderCustId }).from(cases).where(eq(cases.id, caseId));
    const members = clinic ? await memberIdsOf(tx, clinic.id) : [];
    await notify(
      tx,
      members.map((userId) => ({
        userId,
        kind: 'reply' as const,
        caseId,
        objectId: comment!.id,
        sendId: lab,
        payload: { patientName, username: 'lab' },
      })),
    );
  });
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
export async function seedDemoCases(
  db: Db,
  storage: Storage,
  area = 'default',
  /** Fewer than the demo's cases (tests that need only some). */
  many = DEMO_CASES,
): Promise<void> {
  const [marked] = await db
    .select({ key: platformSettings.key })
    .from(platformSettings)
    .where(eq(platformSettings.key, DEMO_CASES_MARKER));
  if (marked) return;
  const [done] = await db.select({ n: count() }).from(cases).where(like(cases.uploadId, 'demo:%'));
  if ((done?.n ?? 0) >= many) return markDone(db);
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
  for (let n = 1; n <= many; n++) {
    const encrypted = n === many;
    // Each plain case holds both jaws (the viewer shows or hides each); the encrypted one holds sealed bytes.
    const scans = encrypted
      ? [
          {
            name: 'upper.ply',
            body: Buffer.concat([Buffer.from(ENCRYPTED_MAGIC, 'latin1'), randomBytes(4096)]),
          },
        ]
      : (['upper', 'lower'] as const).map((jaw) => ({
          name: n === DEMO_BITE.case ? DEMO_BITE.names[jaw] : `${jaw}.ply`,
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
        undefined,
        queuePreview,
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
      if (n === DEMO_BITE.case) await pinDemoRemark(db, id, lab, createdAt, now, order.patientName);
    } catch (err) {
      await Promise.all(stored.map((f) => storage.delete(f.key)));
      throw err;
    }
  }
  await markDone(db);
}
