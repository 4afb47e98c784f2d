import { describe, expect, it } from 'vitest';
import {
  TriangleBvh,
  archJaw,
  raycastBrute,
  readMesh,
  vertexNormals,
  writePly,
  writeStl,
} from '@archway/mesh';
import {
  ScanLoadError,
  boundingBox,
  boundingSphere,
  loadScan,
  prepare,
  splitParts,
  pickingTransferables,
  transferables,
} from './load-scan.ts';
import { handleScanRequest } from './load-scan-worker-handler.ts';
import type { ScanReply } from './load-scan-worker-protocol.ts';

/** A fetch that answers `body` in chunks of `chunk` bytes, remembering the request's headers. */
function serve(body: Uint8Array, chunk = 4096, init: ResponseInit = {}) {
  const seen: { url?: string; headers?: HeadersInit } = {};
  const fetcher = (async (url: string, options?: RequestInit) => {
    seen.url = url;
    seen.headers = options?.headers;
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= body.length) return controller.close();
        controller.enqueue(body.slice(at, at + chunk));
        at += chunk;
      },
    });
    return new Response(stream, {
      status: 200,
      headers: { 'Content-Length': String(body.length) },
      ...init,
    });
  }) as unknown as typeof fetch;
  return { fetcher, seen };
}

const refusing = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('loadScan', () => {
  const jaw = archJaw({ triangles: 5_000, seed: 2, closed: true });
  const ply = writePly(jaw);

  it('streams a binary PLY chunk by chunk into the same mesh readMesh reads, with normals and bounds', async () => {
    const { fetcher, seen } = serve(ply, 1000);
    const progress: number[] = [];
    let lastByte = 0;
    const scan = await loadScan(fetcher, 'http://x/file', {
      token: 'T',
      size: ply.length,
      onProgress: (p) => progress.push(p.received),
      onLastByte: (at) => (lastByte = at),
    });
    const whole = readMesh(ply);
    expect(seen.headers).toEqual({ Authorization: 'Bearer T' });
    expect(scan.parts).toHaveLength(1);
    const [part] = scan.parts;
    expect(part!.positions).toEqual(whole.positions);
    expect(part!.indices).toEqual(whole.indices);
    expect(part!.colors).toEqual(whole.colors);
    expect(scan.triangles).toBe(whole.indices!.length / 3);
    expect(part!.normals.length).toBe(part!.positions.length);
    expect(progress.at(-1)).toBe(ply.length);
    expect(progress.length).toBeGreaterThan(10);
    expect(lastByte).toBeGreaterThan(performance.timeOrigin);
    const [cx, cy, cz, r] = scan.sphere;
    const positions = scan.parts[0]!.positions;
    for (let i = 0; i < positions.length; i += 3) {
      const d = Math.hypot(positions[i]! - cx, positions[i + 1]! - cy, positions[i + 2]! - cz);
      expect(d).toBeLessThanOrEqual(r + 1e-4);
    }
  });

  it('reads a binary STL (a triangle soup) with flat normals', async () => {
    const stl = writeStl(archJaw({ triangles: 500, seed: 1 }));
    const scan = await loadScan(serve(stl, 777).fetcher, 'http://x/f', { token: null });
    const [part] = scan.parts;
    expect(part!.indices).toBeUndefined();
    expect(scan.triangles).toBe(part!.positions.length / 9);
    // Every corner of a triangle has that triangle's normal.
    expect(part!.normals.slice(0, 3)).toEqual(part!.normals.slice(3, 6));
  });

  it("turns the server's refusal into its catalogue key", async () => {
    const refusal = refusing(400, {
      success: false,
      errorCode: -11,
      errorMessage: 'Cases older than 90 days cannot be previewed',
      data: { key: 'case.previewExpired' },
    });
    const error = await loadScan(refusal, 'http://x/f', { token: 'T' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanLoadError);
    expect(error).toMatchObject({ reason: 'refused', key: 'case.previewExpired', status: 400 });
  });

  it('names a file that is not a scan as unreadable', async () => {
    const junk = new TextEncoder().encode(
      'ply\nformat binary_little_endian 1.0\nelement vertex 99\nend_header\n',
    );
    const error = await loadScan(serve(junk).fetcher, 'http://x/f', { token: null }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'unreadable', key: null });
  });
});

describe('splitParts', () => {
  /** Every triangle of a mesh as its three corners' positions and colours, for comparing whole and parts. */
  const corners = (part: { positions: Float32Array; colors?: Uint8Array; indices?: Uint32Array }) => {
    const out: string[] = [];
    const count = part.indices ? part.indices.length : part.positions.length / 3;
    for (let i = 0; i < count; i++) {
      const v = part.indices ? part.indices[i]! : i;
      out.push(
        [
          ...part.positions.subarray(v * 3, v * 3 + 3),
          ...(part.colors?.subarray(v * 3, v * 3 + 3) ?? []),
        ].join(),
      );
    }
    return out;
  };

  it('cuts an indexed mesh into parts that draw the same triangles, each with its own vertices', () => {
    const jaw = archJaw({ triangles: 10_000, seed: 4, closed: true });
    const normals = vertexNormals(jaw.positions, jaw.indices);
    const parts = splitParts({ ...jaw, normals }, 3_000);
    expect(parts).toHaveLength(Math.ceil(jaw.indices!.length / 3 / 3_000));
    expect(parts.flatMap(corners)).toEqual(corners(jaw));
    for (const part of parts) {
      const vertices = part.positions.length / 3;
      expect(Math.max(...part.indices!)).toBe(vertices - 1);
      expect(part.normals.length).toBe(part.positions.length);
      expect(part.colors!.length).toBe(part.positions.length);
      expect(vertices).toBeLessThanOrEqual(3_000 * 3);
    }
  });

  it('cuts a triangle soup into views of the same arrays', () => {
    const positions = new Float32Array(9 * 5).map((_, i) => i);
    const normals = vertexNormals(positions);
    const parts = splitParts({ positions, normals }, 2);
    expect(parts.map((p) => p.positions.length)).toEqual([18, 18, 9]);
    expect(parts.every((p) => p.positions.buffer === positions.buffer)).toBe(true);
    expect(
      transferables({
        parts,
        sphere: [0, 0, 0, 1],
        box: [0, 0, 0, 1, 1, 1],
        fit: new Float32Array(3),
        triangles: 5,
      }),
    ).toHaveLength(3);
  });

  it('keeps a mesh within the limit whole', () => {
    const jaw = archJaw({ triangles: 1_000 });
    const parts = prepare(jaw, 5_000).parts;
    expect(parts).toHaveLength(1);
    expect(parts[0]!.positions).toBe(jaw.positions);
  });
});

describe('vertexNormals and boundingSphere', () => {
  it('gives a flat square unit normals along +z', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    const normals = vertexNormals(positions, new Uint32Array([0, 1, 2, 0, 2, 3]));
    expect([...normals]).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    const [cx, cy, cz, r] = boundingSphere(positions);
    expect([cx, cy, cz]).toEqual([0.5, 0.5, 0]);
    expect(r).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('leaves an unused vertex at zero, not NaN', () => {
    const normals = vertexNormals(
      new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 5, 5]),
      new Uint32Array([0, 1, 2]),
    );
    expect([...normals.slice(9)]).toEqual([0, 0, 0]);
  });
});

describe('the worker handler', () => {
  it('posts progress, the last byte, the scan with each buffer transferred once, then its picking tree', async () => {
    const jaw = archJaw({ triangles: 3_000, closed: true });
    const ply = writePly(jaw);
    const replies: { reply: ScanReply; transfer?: Transferable[] }[] = [];
    await handleScanRequest(
      { url: 'http://x/f', token: 'T', size: ply.length },
      (reply, transfer) => replies.push({ reply, transfer }),
      serve(ply, 512).fetcher,
    );
    const types = replies.map((r) => r.reply.type);
    expect(types.at(-1)).toBe('picking');
    expect(types.at(-2)).toBe('done');
    expect(types.at(-3)).toBe('lastByte');
    expect(types.slice(0, -3).every((t) => t === 'progress')).toBe(true);
    // Throttled: far fewer messages than chunks, and the last one says everything arrived.
    expect(types.length).toBeLessThan(ply.length / 512);
    const lastProgress = replies.filter((r) => r.reply.type === 'progress').at(-1)!.reply;
    expect(lastProgress).toMatchObject({ received: ply.length, total: ply.length });
    const done = replies.at(-2)!;
    if (done.reply.type !== 'done') throw new Error('not done');
    const transfer = done.transfer ?? [];
    expect(new Set(transfer).size).toBe(transfer.length);
    expect(transfer).toEqual(transferables(done.reply.scan));
    expect(transfer).toContain(done.reply.scan.parts[0]!.positions.buffer);
    expect(done.reply.scan.box).toEqual(boundingBox(jaw.positions));

    // The tree comes after the scan, built from copies (the scan's arrays were transferred), its own buffers
    // transferred; rebuilt on the page it hits what a ray over every triangle hits.
    const picking = replies.at(-1)!;
    if (picking.reply.type !== 'picking' || !picking.reply.parts) throw new Error('no picking tree');
    const parts = picking.reply.parts;
    expect(picking.transfer).toEqual(pickingTransferables(parts));
    expect(picking.transfer).not.toContain(done.reply.scan.parts[0]!.positions.buffer);
    const bvh = TriangleBvh.fromParts(parts);
    const [x0, y0, z0, x1, y1, z1] = boundingBox(jaw.positions);
    let hits = 0;
    for (let i = 0; i < 40; i++) {
      // Rays from above down through points of the box, and from the front towards the back.
      const fx = x0 + ((x1 - x0) * ((i % 8) + 0.5)) / 8;
      const fy = y0 + ((y1 - y0) * (Math.floor(i / 8) + 0.5)) / 5;
      const ray: [number, number, number, number, number, number] =
        i % 2 ? [fx, fy, z1 + 10, 0, 0, -1] : [fx, y1 + 10, (z0 + z1) / 2 + (i % 5) - 2, 0, -1, 0];
      const brute = raycastBrute(jaw.positions, jaw.indices!, ...ray);
      expect(bvh.raycast(...ray)).toBe(!!brute);
      if (!brute) continue;
      hits++;
      expect(bvh.hitT).toBeCloseTo(brute.t, 4);
    }
    expect(hits).toBeGreaterThan(10);
  });

  it('gives the box around every vertex', () => {
    expect(boundingBox(new Float32Array([1, -2, 3, -4, 5, 0.5]))).toEqual([-4, -2, 0.5, 1, 5, 3]);
    expect(boundingBox(new Float32Array(0))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('posts why a file failed', async () => {
    const replies: ScanReply[] = [];
    await handleScanRequest(
      { url: 'http://x/f', token: null, size: 10 },
      (reply) => replies.push(reply),
      refusing(401, {
        success: false,
        errorCode: 401,
        errorMessage: 'x',
        data: { key: 'generic.sessionExpired' },
      }),
    );
    expect(replies).toEqual([
      { type: 'failed', reason: 'refused', key: 'generic.sessionExpired', status: 401, message: 'x' },
    ]);
  });
});
