import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import {
  CaseStatus,
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
import { caseBoxes, caseFiles, cases } from '../modules/cases/cases.schema.ts';
import { caseComments } from '../modules/comments/comments.schema.ts';
import { memberIdsOf, notify } from '../modules/notices/notices.service.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { createCase } from '../modules/cases/cases.service.ts';
import { queuePreview } from '../modules/scans/scans.jobs.ts';
import { writePly } from '@archway/mesh';
import { DEMO_BITE, DEMO_CASE_TYPES, demoBiteJaw, demoJaw, demoPinAnchor, demoTeeth } from './demo-jaws.ts';

export {
  DEMO_BITE,
  DEMO_SCAN_TRIANGLES,
  demoBiteJaw,
  demoJaw,
  demoPinAnchor,
  demoTeeth,
} from './demo-jaws.ts';
import { actorFor } from '../modules/users/users.service.ts';
import { DEMO_BIND_CODE, DEMO_TIME_ZONE } from './seed.ts';
import { workerScript } from '../platform/server-root.ts';

/** Demo Clinic's scanners: a plain one and one that encrypts (encryptType 2). */
export const DEMO_CASE_DEVICES = [
  { serial: 'D10000001', name: 'Chairside scanner', encryptType: 1 },
  { serial: 'D10000002', name: 'Encrypting scanner', encryptType: 2 },
] as const;
export const DEMO_CASES = 36;

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
const TYPES = DEMO_CASE_TYPES;
const DAY_MS = 86_400_000;

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
  /** The bite pair's size as seeded (the anchor is one of its vertices). */
  triangles?: number,
) {
  const [labUser] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'lab'));
  const [file] = await db
    .select({ id: caseFiles.id })
    .from(caseFiles)
    .where(and(eq(caseFiles.caseId, caseId), eq(caseFiles.name, DEMO_BITE.names.upper)));
  if (!file) return;
  const anchor = demoPinAnchor(demoBiteJaw('upper', triangles), file.id);
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
  const jaws = demoJawMaker(many);
  try {
    await seedEach(db, storage, actor, clinic, lab, now, many, jaws.make);
  } finally {
    await jaws.close();
  }
  await markDone(db);
}

type MakeJaw = (n: number, jaw: 'upper' | 'lower') => Promise<Uint8Array>;
/** Triangles per jaw when only a few demo cases are seeded (tests that need their rows, not their looks). */
const FEW_CASES_TRIANGLES = 20_000;

/**
 * Makes the demo cases' scans (PLY bytes): for a full demo in worker threads (as many as the machine has cores less
 * one, at most three), each case's jaws asked for a few cases ahead so the meshes are ready when the case is
 * created; for a few cases (tests) small ones in this thread.
 */
function demoJawMaker(many: number): { make: MakeJaw; close: () => Promise<void> } {
  const task = (n: number, jaw: 'upper' | 'lower') => ({
    n,
    jaw,
    teeth: demoTeeth(n),
    caseType: TYPES[n % 3]!,
  });
  // A few cases (tests): small jaws, in this thread.
  if (many < 12)
    return {
      make: async (n, jaw) => writePly(demoJaw(n, jaw, demoTeeth(n), TYPES[n % 3]!, FEW_CASES_TRIANGLES)),
      close: async () => {},
    };
  const pool = new Piscina({
    ...workerScript('demo/demo-jaws.worker.ts'),
    minThreads: 1,
    maxThreads: Math.min(3, Math.max(1, availableParallelism() - 1)),
    idleTimeout: 1_000,
  });
  const AHEAD = 4;
  const pending = new Map<string, Promise<Uint8Array>>();
  const ask = (n: number) => {
    if (n >= many) return; // the last case is the encrypted one: no scans to make
    for (const jaw of ['upper', 'lower'] as const)
      if (!pending.has(`${n}${jaw}`)) {
        const p = pool.run(task(n, jaw)) as Promise<Uint8Array>;
        p.catch(() => {}); // awaited (or dropped at close) below
        pending.set(`${n}${jaw}`, p);
      }
  };
  return {
    make: (n, jaw) => {
      for (let k = n; k <= n + AHEAD; k++) ask(k);
      const p = pending.get(`${n}${jaw}`)!;
      pending.delete(`${n}${jaw}`);
      return p;
    },
    close: () => pool.destroy(),
  };
}

async function seedEach(
  db: Db,
  storage: Storage,
  actor: NonNullable<Awaited<ReturnType<typeof actorFor>>>,
  clinic: string,
  lab: string,
  now: number,
  many: number,
  makeJaw: MakeJaw,
) {
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
      : await Promise.all(
          (['upper', 'lower'] as const).map(async (jaw) => ({
            name: n === DEMO_BITE.case ? DEMO_BITE.names[jaw] : `${jaw}.ply`,
            body: Buffer.from(await makeJaw(n, jaw)),
          })),
        );
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
      if (n === DEMO_BITE.case)
        await pinDemoRemark(
          db,
          id,
          lab,
          createdAt,
          now,
          order.patientName,
          many < 12 ? FEW_CASES_TRIANGLES : undefined,
        );
    } catch (err) {
      await Promise.all(stored.map((f) => storage.delete(f.key)));
      throw err;
    }
  }
}
