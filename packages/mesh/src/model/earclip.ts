/**
 * Ear clipping of a 2D polygon, with the non-convex vertices bucketed in a uniform grid so an ear test only looks
 * at the few that lie near the ear: about linear on the smooth outlines of scans (thousands of vertices in a few
 * milliseconds). Every vertex ends up in a triangle and every triangle keeps the polygon's direction (a, b, c in
 * polygon order), which is what stitching a cap onto a wall needs: the cap is closed even when the outline
 * crosses itself (then, and only then, the clipper is forced to cut a vertex that is not a clean ear).
 */

/**
 * Triangulates the polygon whose vertex i is (x[i], y[i]); returns n - 2 triangles as local vertex numbers, each
 * wound in the polygon's order.
 */
export function earClip(x: Float64Array, y: Float64Array): Uint32Array {
  const n = x.length;
  if (n < 3) return new Uint32Array(0);
  const out = new Uint32Array((n - 2) * 3);
  let at = 0;
  const prev = new Int32Array(n);
  const next = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    prev[i] = i === 0 ? n - 1 : i - 1;
    next[i] = i === n - 1 ? 0 : i + 1;
  }
  // The polygon's direction: triangles of its sign are convex corners.
  let area = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    area += (x[j]! - x[i]!) * (y[j]! + y[i]!);
    if (x[i]! < minX) minX = x[i]!;
    if (x[i]! > maxX) maxX = x[i]!;
    if (y[i]! < minY) minY = y[i]!;
    if (y[i]! > maxY) maxY = y[i]!;
  }
  const s = area >= 0 ? 1 : -1;
  const turn = (a: number, b: number, c: number): number =>
    s * ((x[b]! - x[a]!) * (y[c]! - y[b]!) - (y[b]! - y[a]!) * (x[c]! - x[b]!));

  // The grid of non-convex vertices (a vertex only ever turns convex as ears are cut, never back).
  const cells = Math.max(1, Math.ceil(Math.sqrt(n / 2)));
  const w = Math.max(maxX - minX, 1e-12);
  const h = Math.max(maxY - minY, 1e-12);
  const cx = (v: number) => Math.min(cells - 1, Math.floor(((v - minX) / w) * cells));
  const cy = (v: number) => Math.min(cells - 1, Math.floor(((v - minY) / h) * cells));
  const rowStart = new Uint32Array(cells * cells + 1);
  const reflexAt: number[] = [];
  for (let i = 0; i < n; i++) {
    if (turn(prev[i]!, i, next[i]!) <= 0) {
      reflexAt.push(i);
      rowStart[cy(y[i]!) * cells + cx(x[i]!) + 1]!++;
    }
  }
  for (let c = 0; c < cells * cells; c++) rowStart[c + 1]! += rowStart[c]!;
  const bucket = new Int32Array(reflexAt.length);
  const fill = rowStart.slice(0, cells * cells);
  for (const i of reflexAt) bucket[fill[cy(y[i]!) * cells + cx(x[i]!)]!++] = i;
  const removed = new Uint8Array(n);

  // A corner's last blocker (the non-convex vertex deepest inside its triangle): tested first next time, so a big
  // corner that stays blocked while cuts happen next to it (a fan along a long concave stretch) fails in O(1).
  const blocker = new Int32Array(n).fill(-1);
  const blocks = (a: number, b: number, c: number, p: number): boolean => {
    if (removed[p] || p === a || p === b || p === c) return false;
    const px = x[p]!;
    const py = y[p]!;
    if ((px === x[a] && py === y[a]) || (px === x[b] && py === y[b]) || (px === x[c] && py === y[c]))
      return false;
    if (turn(prev[p]!, p, next[p]!) > 0) return false; // turned convex: cannot poke into an ear
    return turn(a, b, p) >= 0 && turn(b, c, p) >= 0 && turn(c, a, p) >= 0;
  };

  // The x extent of segment p-q within the horizontal band ya..yb, merged into spanLo..spanHi.
  let spanLo = Infinity;
  let spanHi = -Infinity;
  const span = (p: number, q: number, ya: number, yb: number) => {
    const py = y[p]!;
    const qy = y[q]!;
    const lo = Math.max(ya, Math.min(py, qy));
    const hi = Math.min(yb, Math.max(py, qy));
    if (lo > hi) return;
    const px = x[p]!;
    const qx = x[q]!;
    let xa = px;
    let xb = qx;
    if (qy !== py) {
      xa = px + ((qx - px) * (lo - py)) / (qy - py);
      xb = px + ((qx - px) * (hi - py)) / (qy - py);
    }
    spanLo = Math.min(spanLo, xa, xb);
    spanHi = Math.max(spanHi, xa, xb);
  };

  const isEar = (b: number): boolean => {
    const a = prev[b]!;
    const c = next[b]!;
    const t = turn(a, b, c);
    if (t < 0) return false;
    if (t === 0) return true; // a flat or spiked corner: a zero-area triangle, nothing can be inside
    const known = blocker[b]!;
    if (known !== -1 && blocks(a, b, c, known)) return false;
    const x0 = Math.min(x[a]!, x[b]!, x[c]!);
    const x1 = Math.max(x[a]!, x[b]!, x[c]!);
    const y0 = Math.min(y[a]!, y[b]!, y[c]!);
    const y1 = Math.max(y[a]!, y[b]!, y[c]!);
    const gx1 = cx(x1);
    const gy1 = cy(y1);
    const lab = Math.hypot(x[b]! - x[a]!, y[b]! - y[a]!) || 1;
    const lbc = Math.hypot(x[c]! - x[b]!, y[c]! - y[b]!) || 1;
    const lca = Math.hypot(x[a]! - x[c]!, y[a]! - y[c]!) || 1;
    let deepest = -1;
    let depth = -1;
    for (let gy = cy(y0); gy <= gy1; gy++) {
      // Only the cells of this row the triangle reaches (thin fan triangles cover little of their bounding box).
      const ya = minY + (gy * h) / cells;
      const yb = minY + ((gy + 1) * h) / cells;
      spanLo = Infinity;
      spanHi = -Infinity;
      span(a, b, ya, yb);
      span(b, c, ya, yb);
      span(c, a, ya, yb);
      if (spanLo > spanHi) continue;
      const gxEnd = Math.min(gx1, cx(spanHi) + 1);
      for (let gx = Math.max(cx(x0), cx(spanLo) - 1); gx <= gxEnd; gx++) {
        const cell = gy * cells + gx;
        for (let k = rowStart[cell]!; k < rowStart[cell + 1]!; k++) {
          const p = bucket[k]!;
          const px = x[p]!;
          const py = y[p]!;
          if (px < x0 || px > x1 || py < y0 || py > y1 || !blocks(a, b, c, p)) continue;
          const d = Math.min(turn(a, b, p) / lab, turn(b, c, p) / lbc, turn(c, a, p) / lca);
          if (d > depth) {
            depth = d;
            deepest = p;
          }
        }
      }
    }
    blocker[b] = deepest;
    return deepest === -1;
  };

  const cut = (b: number) => {
    const a = prev[b]!;
    const c = next[b]!;
    out[at++] = a;
    out[at++] = b;
    out[at++] = c;
    next[a] = c;
    prev[c] = a;
    removed[b] = 1;
  };

  // Candidates in a queue: every vertex at first, then the two neighbours of each cut (only their corners
  // changed). When the queue runs dry, every corner is queued again (a blocked ear may have been freed by a cut
  // elsewhere); when even that finds no ear (the outline crosses itself), the most convex corner is cut anyway.
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let head = 0;
  let size = 0;
  const push = (v: number) => {
    if (queued[v] || removed[v]) return;
    queued[v] = 1;
    queue[(head + size++) % n] = v;
  };
  for (let i = 0; i < n; i++) push(i);
  let remaining = n;
  let v = 0; // a vertex still in the polygon
  let cutsSinceRefill = 1;
  while (remaining > 3) {
    if (size === 0) {
      if (cutsSinceRefill === 0) {
        let best = v;
        let bestTurn = -Infinity;
        let u = v;
        do {
          const t = turn(prev[u]!, u, next[u]!);
          if (t > bestTurn) {
            bestTurn = t;
            best = u;
          }
          u = next[u]!;
        } while (u !== v);
        v = next[best]!;
        cut(best);
        remaining--;
        push(prev[v]!);
        push(v);
      } else {
        let u = v;
        do {
          push(u);
          u = next[u]!;
        } while (u !== v);
      }
      cutsSinceRefill = 0;
      continue;
    }
    const b = queue[head]!;
    head = (head + 1) % n;
    size--;
    queued[b] = 0;
    if (removed[b] || !isEar(b)) continue;
    const a = prev[b]!;
    const c = next[b]!;
    cut(b);
    remaining--;
    cutsSinceRefill++;
    v = c;
    push(a);
    push(c);
  }
  out[at++] = prev[v]!;
  out[at++] = v;
  out[at++] = next[v]!;
  return out;
}
