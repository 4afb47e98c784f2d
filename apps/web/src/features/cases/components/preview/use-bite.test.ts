import { describe, expect, it } from 'vitest';
import { archJaw, occlusionMap } from '@archway/mesh';
import { handleBiteRequest } from './bite-worker-handler.ts';
import type { BiteJawInput, BiteReply, BiteRequest } from './bite-worker-protocol.ts';
import { computeBite, type BiteProgress, type BiteWorker } from './use-bite.ts';

/** A worker in the test's hands: what it was sent arrives as a Web Worker gets it (cloned, transfers moved). */
class FakeWorker implements BiteWorker {
  onmessage: BiteWorker['onmessage'] = null;
  onerror: BiteWorker['onerror'] = null;
  received: BiteRequest | null = null;
  transferred: Transferable[] = [];
  terminated = false;
  postMessage(message: BiteRequest, transfer: Transferable[]) {
    this.transferred = transfer;
    this.received = structuredClone(message, { transfer });
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: BiteReply) {
    if (!this.terminated) this.onmessage?.({ data } as MessageEvent<BiteReply>);
  }
  /** Runs the real worker's handler on what it received. */
  work() {
    handleBiteRequest(this.received!, (reply) => this.reply(reply));
  }
}

const GAP = 0.2;
const lowerMesh = archJaw({ triangles: 4_000, seed: 4, closed: true });
const upperMesh = archJaw({ triangles: 4_000, seed: 4, closed: true, upper: true, bite: GAP });
const upper: BiteJawInput = { parts: [{ positions: upperMesh.positions, indices: upperMesh.indices! }] };
const lower: BiteJawInput = { parts: [{ positions: lowerMesh.positions, indices: lowerMesh.indices! }] };

function start() {
  const workers: FakeWorker[] = [];
  const reports: BiteProgress[] = [];
  const stop = computeBite(
    upper,
    lower,
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    (p) => reports.push(p),
  );
  return { workers: workers as [FakeWorker, FakeWorker], reports, stop };
}

describe('the bite in two workers', () => {
  it('sends each worker its own copy of both jaws and one side, and puts the two sides together', () => {
    const { workers, reports } = start();
    expect(workers).toHaveLength(2);
    expect(workers.map((w) => w.received!.side)).toEqual(['upper', 'lower']);
    // The scene's arrays are untouched (copied, not moved); each worker's arrays are its own, moved to it.
    expect(upperMesh.positions.byteLength).toBeGreaterThan(0);
    expect(workers[0].transferred).toHaveLength(4);
    const buffers = new Set([...workers[0].transferred, ...workers[1].transferred]);
    expect(buffers.size).toBe(8);
    expect(buffers.has(upperMesh.positions.buffer)).toBe(false);
    for (const w of workers) {
      expect(w.received!.upper.parts[0]!.positions).toEqual(upperMesh.positions);
      expect(w.received!.lower.parts[0]!.indices).toEqual(lowerMesh.indices);
    }

    workers[1].work();
    expect(reports.at(-1)!.status).toBe('computing');
    workers[0].work();
    const fractions = reports.flatMap((r) => (r.status === 'computing' ? [r.fraction] : []));
    // Jaws of as many vertices: the lower one finished first is half the whole, then the upper's on top.
    expect(fractions.at(0)).toBe(0);
    expect(fractions).toContain(0.5);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]).toBeGreaterThanOrEqual(fractions[i - 1]!);
    expect(fractions.at(-1)).toBeCloseTo(1, 6);

    const last = reports.at(-1)!;
    expect(reports.filter((r) => r.status === 'ready')).toHaveLength(1);
    if (last.status !== 'ready') throw new Error(`not ready: ${last.status}`);
    expect(last.result.upper.minClearance).toBeCloseTo(GAP, 3);
    expect(last.result.lower.minClearance).toBeCloseTo(GAP, 3);
    expect(last.result.upper.colors[0]!.length).toBe(upperMesh.positions.length);
    expect(last.result.lower.colors[0]!.length).toBe(lowerMesh.positions.length);
    // Each side where it belongs: what the map of both jaws in one go gives.
    const whole = occlusionMap(
      { positions: upperMesh.positions, indices: upperMesh.indices! },
      { positions: lowerMesh.positions, indices: lowerMesh.indices! },
    );
    expect(last.result.upper.colors[0]).toEqual(whole.upper.colors);
    expect(last.result.lower.colors[0]).toEqual(whole.lower.colors);
    expect(last.result.lower.contactArea).toBe(whole.lower.contactArea);
    expect(last.result.thresholds).toEqual(whole.thresholds);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it("fails the whole when one side fails, stops the other, and ignores the other's later answer", () => {
    const { workers, reports } = start();
    workers[0].reply({ type: 'progress', fraction: 0.5 });
    workers[1].reply({ type: 'failed', message: 'out of memory' });
    expect(reports.at(-1)).toEqual({ status: 'failed' });
    expect(workers.every((w) => w.terminated)).toBe(true);
    workers[0].terminated = false; // a message already on its way when it was stopped
    workers[0].work();
    expect(reports.filter((r) => r.status === 'failed')).toHaveLength(1);
    expect(reports.some((r) => r.status === 'ready')).toBe(false);
  });

  it("fails the whole on a worker's error event (a script that does not load)", () => {
    const { workers, reports } = start();
    workers[0].onerror!({} as ErrorEvent);
    expect(reports).toEqual([{ status: 'failed' }]);
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('stops both workers when switched off mid-way, and reports nothing after', () => {
    const { workers, reports, stop } = start();
    workers[0].reply({ type: 'progress', fraction: 0.25 });
    const before = reports.length;
    stop();
    expect(workers.every((w) => w.terminated)).toBe(true);
    for (const w of workers) {
      w.terminated = false; // messages already on their way
      w.work();
    }
    expect(reports).toHaveLength(before);
  });
});
