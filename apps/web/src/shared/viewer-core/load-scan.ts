import {
  MeshError,
  TriangleBvh,
  createStreamReader,
  vertexNormals,
  type BvhParts,
  type Mesh,
} from '@archway/mesh';
import { fitPoints } from './fit.ts';

/**
 * The one loader of every 3D view (the case viewer, the model comparison, the share page). What the worker does with one scan file, kept apart from the worker's message plumbing so that it is tested
 * without a browser: fetch with the caller's token, feed each chunk to the streaming reader as it arrives (binary
 * PLY and STL are parsed while the rest downloads), then compute what the page would otherwise compute on its own
 * thread: vertex normals and the bounding sphere. The page only wraps the arrays in a BufferGeometry.
 */

/** A piece of a scan the page uploads to the GPU in one go (positions, normals, colours and indices of its own). */
export interface ScanPart {
  positions: Float32Array;
  normals: Float32Array;
  colors?: Uint8Array;
  indices?: Uint32Array;
  /** Bounding sphere: centre x, y, z and radius. */
  sphere: Sphere4;
}

export type Sphere4 = [number, number, number, number];

/**
 * A mesh ready to draw, in parts of at most PART_TRIANGLES triangles: the page uploads one part per frame, so no
 * single frame copies the whole scan to the GPU (a 2,000,000-triangle scan is some 50 MB of arrays).
 */
export interface PreparedScan {
  parts: ScanPart[];
  /** Bounding sphere of the whole scan. */
  sphere: Sphere4;
  /** Bounding box of the whole scan: min x, y, z, max x, y, z (the section and the camera's range go by it). */
  box: Box6;
  /** The points the camera is fitted by (fit.ts fitPoints: the scan's extremes and an even sample), x, y, z. */
  fit: Float32Array;
  triangles: number;
}

export type Box6 = [number, number, number, number, number, number];

/** A scan's bounding-volume hierarchy as transferable arrays (TriangleBvh.toParts; the page rebuilds it with fromParts). */
export type PickingParts = BvhParts;

/** Triangles per part: a 300,000-triangle scan is one part; 2,000,000 are four. */
export const PART_TRIANGLES = 500_000;

export interface LoadProgress {
  received: number;
  /** The file's size (from the server's list, else Content-Length); 0 when unknown. */
  total: number;
}

export interface LoadOptions {
  token: string | null;
  /** The size the server listed for the file. */
  size?: number;
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
  /** Called once the last byte has arrived, with `performance.timeOrigin + performance.now()`. */
  onLastByte?: (at: number) => void;
}

/** Why a file could not be shown: a catalogue key (from the server's refusal) or a reason of our own. */
export class ScanLoadError extends Error {
  constructor(
    readonly reason: 'refused' | 'unreadable' | 'network',
    /** The catalogue key (`case.previewExpired`…) of a refusal, when the server sent one. */
    readonly key: string | null,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ScanLoadError';
  }
}

const now = () => performance.timeOrigin + performance.now();

/** A refusal's catalogue key and message from the server's envelope (the status says it when there is none). */
async function refusalOf(response: Response): Promise<{ key: string | null; message: string }> {
  let key: string | null = null;
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { errorMessage?: unknown; data?: { key?: unknown } | null };
    if (typeof body.data?.key === 'string') key = body.data.key;
    if (typeof body.errorMessage === 'string' && body.errorMessage) message = body.errorMessage;
  } catch {
    // Not JSON: the status says it.
  }
  return { key, message };
}

export async function loadScan(
  fetcher: typeof fetch,
  url: string,
  options: LoadOptions,
): Promise<PreparedScan> {
  return prepare(await loadMesh(fetcher, url, options));
}

/** Downloads and parses one file (the streaming reader is fed each chunk as it arrives). */
export async function loadMesh(fetcher: typeof fetch, url: string, options: LoadOptions): Promise<Mesh> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetcher(url, { headers, signal: options.signal });
  } catch (cause) {
    throw new ScanLoadError('network', null, String(cause));
  }
  if (!response.ok) {
    const refusal = await refusalOf(response);
    throw new ScanLoadError('refused', refusal.key, refusal.message, response.status);
  }
  const length = Number(response.headers.get('Content-Length'));
  const size = options.size && options.size > 0 ? options.size : undefined;
  const total = size ?? (Number.isFinite(length) && length > 0 ? length : 0);

  try {
    const reader = createStreamReader({ size });
    let received = 0;
    options.onProgress?.({ received, total });
    if (response.body) {
      const stream = response.body.getReader();
      for (;;) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await stream.read();
        } catch (cause) {
          throw new ScanLoadError('network', null, String(cause));
        }
        if (next.done) break;
        received += next.value.byteLength;
        reader.push(next.value);
        options.onProgress?.({ received, total });
      }
    }
    options.onLastByte?.(now());
    return reader.end();
  } catch (error) {
    if (error instanceof MeshError) throw new ScanLoadError('unreadable', null, error.message);
    throw error;
  }
}

/** Normals (the file's, else computed), the parts and their bounding spheres. */
export function prepare(mesh: Mesh, partTriangles = PART_TRIANGLES): PreparedScan {
  const normals =
    mesh.normals && mesh.normals.length === mesh.positions.length
      ? mesh.normals
      : vertexNormals(mesh.positions, mesh.indices);
  const triangles = mesh.indices ? mesh.indices.length / 3 : mesh.positions.length / 9;
  const parts = splitParts({ ...mesh, normals }, partTriangles);
  return {
    parts,
    sphere: boundingSphere(mesh.positions),
    box: boundingBox(mesh.positions),
    fit: fitPoints(mesh.positions),
    triangles,
  };
}

/**
 * What picking and the section need of a scan: its bounding-volume hierarchy (built from copies the caller made
 * before the mesh's own arrays were transferred), as arrays to transfer to the page.
 */
export function pickingOf(positions: Float32Array, indices?: Uint32Array): PickingParts {
  let triangles = indices;
  if (!triangles) {
    const n = positions.length / 3;
    triangles = new Uint32Array(n - (n % 3));
    for (let i = 0; i < triangles.length; i++) triangles[i] = i;
  }
  return new TriangleBvh(positions, triangles).toParts();
}

/** The distinct buffers of a hierarchy's parts (every typed array in it), to transfer. */
export function pickingTransferables(parts: PickingParts): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const value of Object.values(parts as object))
    if (ArrayBuffer.isView(value)) buffers.add(value.buffer as ArrayBuffer);
  return [...buffers];
}

/**
 * The mesh in parts of at most `partTriangles` triangles. A triangle soup is cut into views of the same arrays (no
 * copy); an indexed mesh gives each part the vertices its triangles use, renumbered (shared ones repeated).
 */
export function splitParts(
  mesh: Required<Pick<Mesh, 'positions' | 'normals'>> & Pick<Mesh, 'colors' | 'indices'>,
  partTriangles: number,
): ScanPart[] {
  const { positions, normals, colors, indices } = mesh;
  const triangles = indices ? indices.length / 3 : positions.length / 9;
  const step = Math.max(1, Math.floor(partTriangles));
  if (triangles <= step) return [{ positions, normals, colors, indices, sphere: boundingSphere(positions) }];
  const parts: ScanPart[] = [];
  if (!indices) {
    for (let t = 0; t < triangles; t += step) {
      const from = t * 9;
      const to = Math.min(triangles, t + step) * 9;
      const part = positions.subarray(from, to);
      parts.push({
        positions: part,
        normals: normals.subarray(from, to),
        colors: colors?.subarray(from, to),
        sphere: boundingSphere(part),
      });
    }
    return parts;
  }
  const vertexCount = positions.length / 3;
  /** Which part last numbered each vertex (part + 1), and its number there. */
  const seenIn = new Int32Array(vertexCount);
  const local = new Uint32Array(vertexCount);
  const order = new Uint32Array(Math.min(step * 3, vertexCount));
  for (let t = 0, p = 1; t < triangles; t += step, p++) {
    const from = t * 3;
    const to = Math.min(triangles, t + step) * 3;
    const partIndices = new Uint32Array(to - from);
    let n = 0;
    for (let i = from; i < to; i++) {
      const v = indices[i]!;
      if (seenIn[v] !== p) {
        seenIn[v] = p;
        local[v] = n;
        order[n++] = v;
      }
      partIndices[i - from] = local[v]!;
    }
    const partPositions = new Float32Array(n * 3);
    const partNormals = new Float32Array(n * 3);
    const partColors = colors ? new Uint8Array(n * 3) : undefined;
    for (let k = 0; k < n; k++) {
      const src = order[k]! * 3;
      const dst = k * 3;
      partPositions[dst] = positions[src]!;
      partPositions[dst + 1] = positions[src + 1]!;
      partPositions[dst + 2] = positions[src + 2]!;
      partNormals[dst] = normals[src]!;
      partNormals[dst + 1] = normals[src + 1]!;
      partNormals[dst + 2] = normals[src + 2]!;
      if (partColors && colors) {
        partColors[dst] = colors[src]!;
        partColors[dst + 1] = colors[src + 1]!;
        partColors[dst + 2] = colors[src + 2]!;
      }
    }
    parts.push({
      positions: partPositions,
      normals: partNormals,
      colors: partColors,
      indices: partIndices,
      sphere: boundingSphere(partPositions),
    });
  }
  return parts;
}

/** The bounding box: min x, y, z, max x, y, z (all 0 for an empty mesh). */
export function boundingBox(positions: Float32Array): Box6 {
  if (positions.length < 3) return [0, 0, 0, 0, 0, 0];
  const box: Box6 = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < box[k]!) box[k] = v;
      if (v > box[k + 3]!) box[k + 3] = v;
    }
  return box;
}

/** The sphere around the bounding box: its centre and the largest distance of a vertex from it. */
export function boundingSphere(positions: Float32Array): Sphere4 {
  if (positions.length < 3) return [0, 0, 0, 0];
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const cz = (minZ + maxZ) / 2;
  let r2 = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const dx = positions[i]! - cx;
    const dy = positions[i + 1]! - cy;
    const dz = positions[i + 2]! - cz;
    const d = dx * dx + dy * dy + dz * dz;
    if (d > r2) r2 = d;
  }
  return [cx, cy, cz, Math.sqrt(r2)];
}

/** The distinct buffers of a prepared scan, to transfer (not copy) it to the page. */
export function transferables(scan: PreparedScan): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>([scan.fit.buffer as ArrayBuffer]);
  for (const part of scan.parts)
    for (const a of [part.positions, part.normals, part.colors, part.indices])
      if (a) buffers.add(a.buffer as ArrayBuffer);
  return [...buffers];
}
