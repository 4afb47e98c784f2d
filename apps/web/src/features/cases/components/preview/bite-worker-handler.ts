import { jawOcclusion, occlusionThresholds, type JawOcclusion } from '@archway/mesh';
import {
  BITE_PROGRESS_MS,
  type BiteJaw,
  type BiteJawInput,
  type BiteReply,
  type BiteRequest,
} from './bite-worker-protocol.ts';

/**
 * One indexed mesh of a jaw's parts, and for each part's vertex the vertex of that mesh. Indexed parts are
 * concatenated (their vertices shared at a part's border are repeated, harmless); a soup part is welded on exact
 * positions, so the bite's sign and contact area see one surface, not loose triangles.
 */
export function joinJaw(jaw: BiteJawInput): {
  positions: Float32Array;
  indices: Uint32Array;
  /** Per part: per vertex of the part, its vertex in `positions`. */
  maps: Uint32Array[];
} {
  let vertices = 0;
  let corners = 0;
  for (const p of jaw.parts) {
    vertices += p.positions.length / 3;
    corners += p.indices ? p.indices.length : p.positions.length / 3 - ((p.positions.length / 3) % 3);
  }
  const positions = new Float32Array(vertices * 3);
  const indices = new Uint32Array(corners);
  const maps: Uint32Array[] = [];
  // Welding of soup vertices: open addressing on the three coordinates' bits.
  const bits = new Uint32Array(positions.buffer);
  let size = 1;
  while (size < vertices * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  let next = 0;
  let corner = 0;
  for (const p of jaw.parts) {
    const n = p.positions.length / 3;
    const map = new Uint32Array(n);
    if (p.indices) {
      positions.set(p.positions, next * 3);
      for (let v = 0; v < n; v++) map[v] = next + v;
      for (let i = 0; i < p.indices.length; i++) indices[corner++] = next + p.indices[i]!;
      next += n;
    } else {
      const src = new Uint32Array(p.positions.buffer, p.positions.byteOffset, p.positions.length);
      for (let v = 0; v < n; v++) {
        const a = src[v * 3]!;
        const b = src[v * 3 + 1]!;
        const c = src[v * 3 + 2]!;
        let h = (Math.imul(a, 73856093) ^ Math.imul(b, 19349663) ^ Math.imul(c, 83492791)) & (size - 1);
        for (;;) {
          const at = table[h]!;
          if (at < 0) {
            table[h] = next;
            bits[next * 3] = a;
            bits[next * 3 + 1] = b;
            bits[next * 3 + 2] = c;
            map[v] = next++;
            break;
          }
          if (bits[at * 3] === a && bits[at * 3 + 1] === b && bits[at * 3 + 2] === c) {
            map[v] = at;
            break;
          }
          h = (h + 1) & (size - 1);
        }
      }
      const whole = n - (n % 3);
      for (let v = 0; v < whole; v++) indices[corner++] = map[v]!;
    }
    maps.push(map);
  }
  return { positions: positions.subarray(0, next * 3), indices: indices.subarray(0, corner), maps };
}

/** A jaw's colours split back into its parts' vertex order. */
function jawResult(side: JawOcclusion, maps: Uint32Array[]): BiteJaw {
  const colors = maps.map((map) => {
    const out = new Uint8Array(map.length * 3);
    for (let v = 0; v < map.length; v++) {
      const s = map[v]! * 3;
      out[v * 3] = side.colors[s]!;
      out[v * 3 + 1] = side.colors[s + 1]!;
      out[v * 3 + 2] = side.colors[s + 2]!;
    }
    return out;
  });
  return {
    colors,
    minClearance: side.minClearance,
    contactArea: side.contactArea,
    histogram: side.histogram,
  };
}

/**
 * The worker's answer to one request, apart from `self` so that tests drive it: both jaws joined, then the asked
 * side's vertices against the other's surface (`jawOcclusion`), its colours split back per part vertex and
 * transferred.
 */
export function handleBiteRequest(
  request: BiteRequest,
  post: (reply: BiteReply, transfer?: Transferable[]) => void,
): void {
  try {
    const upper = joinJaw(request.upper);
    const lower = joinJaw(request.lower);
    if (upper.indices.length < 3 || lower.indices.length < 3) {
      post({ type: 'failed', message: 'a jaw without triangles' });
      return;
    }
    const [jaw, other] = request.side === 'upper' ? [upper, lower] : [lower, upper];
    let last = -Infinity;
    const onProgress = (fraction: number) => {
      const t = performance.now();
      if (t - last < BITE_PROGRESS_MS && fraction < 1) return;
      last = t;
      post({ type: 'progress', fraction });
    };
    const side = jawOcclusion(jaw, other, { onProgress });
    const result = jawResult(side, jaw.maps);
    post(
      { type: 'done', side: request.side, jaw: result, thresholds: occlusionThresholds() },
      result.colors.map((c) => c.buffer),
    );
  } catch (error) {
    post({ type: 'failed', message: String(error) });
  }
}
