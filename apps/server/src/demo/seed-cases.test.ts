import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CaseType } from '@archway/contract';
import { occlusionMap, readMesh, writePly } from '@archway/mesh';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/poll.ts';
import { caseFiles, cases } from '../modules/cases/cases.schema.ts';
import { DEMO_BITE, DEMO_CASES, demoBiteJaw, demoJaw, demoTeeth } from './seed-cases.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('demo scans that look real', () => {
  it('gives every demo jaw its own scan: arch, teeth, preparations and colours differ', () => {
    const types = [CaseType.orthodontics, CaseType.implant, CaseType.restoration];
    const scans = new Set<string>();
    const colours = new Set<string>();
    for (let n = 1; n < DEMO_CASES; n++)
      for (const jaw of ['upper', 'lower'] as const) {
        const mesh = demoJaw(n, jaw, demoTeeth(n), types[n % 3]!);
        scans.add(sha(writePly(mesh)));
        colours.add(Array.from(mesh.colors!.subarray(0, 3)).join(','));
      }
    expect(scans.size).toBe(2 * (DEMO_CASES - 1));
    // Several gum shades, not one.
    expect(colours.size).toBeGreaterThanOrEqual(4);
    // A restoration case's lower jaw shows its prepared teeth in the dentin colour; the orthodontic one does not.
    const dentin = (m: ReturnType<typeof demoJaw>) => {
      let found = 0;
      for (let v = 0; v < m.colors!.length; v += 3)
        if (m.colors![v] === 214 && m.colors![v + 1] === 178 && m.colors![v + 2] === 120) found++;
      return found;
    };
    expect(dentin(demoJaw(5, 'lower', demoTeeth(5), CaseType.restoration))).toBeGreaterThan(0);
    expect(dentin(demoJaw(3, 'lower', demoTeeth(3), CaseType.orthodontics))).toBe(0);
  }, 120_000);
});

describe('the demo bite pair', () => {
  it('is an upper and a lower jaw in one frame with a small gap and contacts on three teeth', () => {
    const upper = demoBiteJaw('upper');
    const lower = demoBiteJaw('lower');
    for (const jaw of [upper, lower])
      expect(Math.abs(jaw.indices!.length / 3 - DEMO_BITE.triangles)).toBeLessThan(1000);
    const map = occlusionMap(
      { positions: upper.positions, indices: upper.indices! },
      { positions: lower.positions, indices: lower.indices! },
    );
    // The smallest clearance is the gap asked for (float positions: to a micrometre), nothing penetrates.
    expect(map.upper.minClearance).toBeCloseTo(DEMO_BITE.gap, 3);
    expect(map.lower.minClearance).toBeCloseTo(DEMO_BITE.gap, 3);
    expect(map.upper.contactArea).toBeGreaterThan(0);
    // The contacts (≤ 0.05 mm) lie on three lower teeth (each vertex knows its tooth), on both sides; more is near.
    const teethWhere = (max: number) => {
      const found = new Set<number>();
      const d = map.lower.distances;
      for (let v = 0; v < d.length; v++) if (d[v]! <= max && lower.tooth[v]) found.add(lower.tooth[v]!);
      return found;
    };
    expect([...teethWhere(0.05)].sort()).toEqual([...DEMO_BITE.contacts].sort());
    expect(teethWhere(0.5).size).toBeGreaterThan(3);
    // The crown's tooth (16) is prepared on the upper jaw, not one of the contacts.
    const upperNear = new Set<number>();
    for (let v = 0; v < map.upper.distances.length; v++)
      if (map.upper.distances[v]! <= 0.05) upperNear.add(upper.tooth[v]!);
    expect(upperNear.size).toBeGreaterThan(0);
    expect(upperNear).not.toContain(DEMO_BITE.order[0]);
    // The file names tell the viewer which jaw is which (its jawOf: "upper" or "lower" in the name, not both).
    for (const [jaw, name] of Object.entries(DEMO_BITE.names)) {
      expect(name).toContain(jaw);
      expect(name).not.toContain(jaw === 'upper' ? 'lower' : 'upper');
    }
  }, 60_000);
});

describe('demo cases in the case box', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO_CASES: 'true' });
  }, 300_000);
  afterAll(() => t?.close());

  it("holds the bite pair and the lab's remark pinned to its upper jaw; the clinic sees it in the thread", async () => {
    const db = t.app.platform.db;
    const [kase] = await db
      .select()
      .from(cases)
      .where(eq(cases.uploadId, `demo:${DEMO_BITE.case}`));
    expect(kase).toMatchObject({
      caseType: CaseType.restoration,
      teeth: [16],
      upperJaw: true,
      lowerJaw: true,
    });
    const files = await db.select().from(caseFiles).where(eq(caseFiles.caseId, kase!.id));
    expect(files.map((f) => f.name).sort()).toEqual([DEMO_BITE.names.lower, DEMO_BITE.names.upper]);
    // What was stored is the pair itself.
    const upperFile = files.find((f) => f.name === DEMO_BITE.names.upper)!;
    const stored = await t.app.platform.storage.get(upperFile.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(writePly(demoBiteJaw('upper'))));

    const clinic = await signIn(t.app, 'clinic');
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/case/comment/list?caseId=${kase!.id}`,
      headers: clinic,
    });
    const comments = thread.json().data as { text: string; custName: string; anchor: any; mine: boolean }[];
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ text: DEMO_BITE.pin, custName: 'Demo Lab', mine: false });
    const anchor = comments[0]!.anchor;
    expect(anchor.fileId).toBe(upperFile.id);
    // On the upper jaw's surface (one of its vertices), facing down towards the lower jaw, the camera on its normal.
    const mesh = readMesh(Buffer.concat(chunks));
    let onSurface = false;
    for (let v = 0; v < mesh.positions.length; v += 3)
      if ([0, 1, 2].every((k) => Math.abs(mesh.positions[v + k]! - anchor.point[k]) < 1e-4)) onSurface = true;
    expect(onSurface).toBe(true);
    expect(Math.hypot(...(anchor.normal as [number, number, number]))).toBeCloseTo(1, 6);
    expect(anchor.normal[2]).toBeLessThan(-0.9);
    expect(anchor.camera.target).toEqual(anchor.point);
    // The clinic has it as a new reply.
    const unread = await t.app.inject({ method: 'GET', url: '/api/case/comment/unread', headers: clinic });
    expect(unread.json().data.list).toContainEqual({
      caseId: kase!.id,
      sendId: expect.any(String),
      count: 1,
    });
  });

  it("shows a different preview image for each demo case (the server draws each case's own scan)", async () => {
    const lab = await signIn(t.app, 'lab');
    const page = async () =>
      (
        await t.app.inject({ method: 'POST', url: '/getpaging', headers: lab, payload: { pageSize: 100 } })
      ).json().data.records as { id: string; crypto: number; thumbnail: string | null }[];
    // Every plain case gets its image from the scan jobs (the encrypted one has none).
    const rows = await until(
      async () => {
        const all = (await page()).filter((r) => r.crypto !== 1);
        return all.length === DEMO_CASES - 1 && all.every((r) => r.thumbnail) ? all : false;
      },
      { timeoutMs: 240_000, everyMs: 500, what: 'every demo case has its preview image' },
    );
    const images = new Set<string>();
    for (const r of rows) {
      const res = await t.app.inject({ method: 'GET', url: r.thumbnail!, headers: lab });
      expect(res.statusCode).toBe(200);
      images.add(sha(res.rawPayload));
    }
    expect(images.size).toBe(DEMO_CASES - 1);
  }, 300_000);
});
