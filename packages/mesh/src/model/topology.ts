/**
 * Edge topology over typed arrays: an undirected edge table built by bucketing corners on their lower vertex (no
 * strings, no per-edge objects), consistent orientation by a breadth-first walk over shared edges, and boundary
 * loops traced along the edges that only one triangle uses. Half-edge `h` is corner `h` of the index array: it runs
 * from `indices[h]` to the next corner of the same triangle.
 */

const EMPTY = -1;

/** The corner after `h` in its triangle (0→1→2→0). */
export const nextCorner = (h: number): number => (h % 3 === 2 ? h - 2 : h + 1);

export interface Edges {
  /** Number of undirected edges. */
  count: number;
  /** Half-edge (corner) → its undirected edge. */
  edgeOf: Int32Array;
  /** Edge → how many half-edges use it (1: boundary, 2: manifold, more: non-manifold). */
  uses: Uint32Array;
  /** Edge → its first and second half-edge (-1 when there is none). */
  first: Int32Array;
  second: Int32Array;
}

/**
 * The undirected edges of an indexed triangle list: corners bucketed by their edge's lower vertex (a counting sort),
 * then matched within each small bucket. Linear time, sequential memory access.
 */
export function buildEdges(indices: Uint32Array, vertexCount?: number): Edges {
  const corners = indices.length - (indices.length % 3);
  let vertices = vertexCount ?? 0;
  if (vertexCount === undefined)
    for (let h = 0; h < corners; h++) if (indices[h]! >= vertices) vertices = indices[h]! + 1;
  const low = new Uint32Array(corners);
  const start = new Uint32Array(vertices + 1);
  for (let h = 0; h < corners; h++) {
    const a = indices[h]!;
    const b = indices[nextCorner(h)]!;
    const x = a < b ? a : b;
    low[h] = x;
    start[x + 1]!++;
  }
  for (let v = 0; v < vertices; v++) start[v + 1]! += start[v]!;
  const order = new Uint32Array(corners);
  const fill = start.slice(0, vertices);
  for (let h = 0; h < corners; h++) order[fill[low[h]!]!++] = h;
  const high = low; // reused: corner → the edge's higher vertex
  for (let h = 0; h < corners; h++) {
    const a = indices[h]!;
    const b = indices[nextCorner(h)]!;
    high[h] = a < b ? b : a;
  }
  const edgeOf = new Int32Array(corners);
  const uses = new Uint32Array(corners);
  const first = new Int32Array(corners).fill(EMPTY);
  const second = new Int32Array(corners).fill(EMPTY);
  let count = 0;
  for (let v = 0; v < vertices; v++) {
    const from = start[v]!;
    const to = start[v + 1]!;
    const bucketFirstEdge = count;
    for (let k = from; k < to; k++) {
      const h = order[k]!;
      const y = high[h]!;
      let e = -1;
      for (let f = bucketFirstEdge; f < count; f++) {
        if (high[first[f]!] === y) {
          e = f;
          break;
        }
      }
      if (e === -1) e = count++;
      edgeOf[h] = e;
      const u = uses[e]!;
      if (u === 0) first[e] = h;
      else if (u === 1) second[e] = h;
      uses[e] = u + 1;
    }
  }
  return { count, edgeOf, uses, first, second };
}

export interface Orientation {
  /** Triangle → 1 when it has to be flipped to agree with its neighbours. */
  flip: Uint8Array;
  /** Triangle → its connected component (over edges shared by exactly two triangles). */
  component: Int32Array;
  components: number;
  /** Shared edges whose two triangles cannot be made to agree (a non-orientable surface): 0 for real scans. */
  conflicts: number;
}

/**
 * Makes neighbouring triangles agree: across every edge two triangles share, one must run it a→b and the other
 * b→a. A breadth-first walk per component decides for each triangle whether to flip it.
 */
export function orient(indices: Uint32Array, edges: Edges): Orientation {
  const triangles = (indices.length / 3) | 0;
  const flip = new Uint8Array(triangles);
  const component = new Int32Array(triangles).fill(-1);
  const queue = new Int32Array(triangles);
  let components = 0;
  let conflicts = 0;
  for (let seed = 0; seed < triangles; seed++) {
    if (component[seed] !== -1) continue;
    const c = components++;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    component[seed] = c;
    while (head < tail) {
      const f = queue[head++]!;
      for (let k = 0; k < 3; k++) {
        const h = f * 3 + k;
        const e = edges.edgeOf[h]!;
        if (edges.uses[e] !== 2) continue;
        const o = edges.first[e] === h ? edges.second[e]! : edges.first[e]!;
        const g = (o / 3) | 0;
        if (g === f) continue;
        // Same direction in the stored winding: the two must end up with different flips.
        const same = indices[h] === indices[o] ? 1 : 0;
        const want = flip[f]! ^ same;
        if (component[g] === -1) {
          component[g] = c;
          flip[g] = want;
          queue[tail++] = g;
        } else if (flip[g] !== want) conflicts++;
      }
    }
  }
  return { flip, component, components, conflicts: conflicts / 2 };
}

/**
 * The boundary loops: closed vertex sequences along the half-edges no other triangle shares, each in the direction
 * its triangles run it. A loop that passes a vertex twice (two holes touching at a vertex) is split there, so every
 * loop visits each of its vertices once. `broken` counts boundary half-edges that could not be closed into a loop
 * (only possible on inconsistently oriented input).
 */
export function boundaryLoops(
  indices: Uint32Array,
  edges: Edges,
  vertexCount: number,
): { loops: Uint32Array[]; broken: number } {
  const corners = edges.edgeOf.length;
  // Outgoing boundary half-edges per vertex, as compressed rows.
  const start = new Uint32Array(vertexCount + 1);
  let boundary = 0;
  for (let h = 0; h < corners; h++) {
    if (edges.uses[edges.edgeOf[h]!] === 1) {
      start[indices[h]! + 1]!++;
      boundary++;
    }
  }
  const loops: Uint32Array[] = [];
  if (boundary === 0) return { loops, broken: 0 };
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const out = new Int32Array(boundary);
  const fill = start.slice(0, vertexCount);
  for (let h = 0; h < corners; h++) {
    if (edges.uses[edges.edgeOf[h]!] === 1) out[fill[indices[h]!]!++] = h;
  }
  const cursor = start.slice(0, vertexCount); // the next unused outgoing boundary half-edge per vertex
  const used = new Uint8Array(corners);
  const pos = new Int32Array(vertexCount).fill(-1); // vertex → its place on the current path
  const path = new Int32Array(boundary); // half-edges of the current open path
  let broken = 0;

  const take = (v: number): number => {
    while (cursor[v]! < start[v + 1]!) {
      const h = out[cursor[v]!++]!;
      if (!used[h]) return h;
    }
    return -1;
  };

  for (let s = 0; s < boundary; s++) {
    let h = out[s]!;
    if (used[h]) continue;
    let len = 0;
    for (;;) {
      used[h] = 1;
      const from = indices[h]!;
      pos[from] = len;
      path[len++] = h;
      const to = indices[nextCorner(h)]!;
      const at = pos[to]!;
      if (at !== -1) {
        const loop = new Uint32Array(len - at);
        for (let i = at; i < len; i++) {
          loop[i - at] = indices[path[i]!]!;
          pos[indices[path[i]!]!] = -1;
        }
        loops.push(loop);
        len = at;
        if (len === 0) break;
      }
      const nxt = take(to);
      if (nxt === -1) {
        broken += len;
        for (let i = 0; i < len; i++) pos[indices[path[i]!]!] = -1;
        break;
      }
      h = nxt;
    }
  }
  return { loops, broken };
}
