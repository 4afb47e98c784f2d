import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseType } from '@archway/contract';
import { writePly } from '@archway/mesh';
import { createTestApp, signIn, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/poll.ts';
import { DEMO_CASES, demoJaw, demoTeeth } from './seed-cases.ts';

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
    expect(dentin(demoJaw(2, 'lower', demoTeeth(2), CaseType.restoration))).toBeGreaterThan(0);
    expect(dentin(demoJaw(3, 'lower', demoTeeth(3), CaseType.orthodontics))).toBe(0);
  });
});

describe('demo cases in the case box', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO_CASES: 'true' });
  });
  afterAll(() => t?.close());

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
