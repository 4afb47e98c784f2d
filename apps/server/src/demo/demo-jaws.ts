/**
 * The demo cases' scans (seed-cases.ts): generated jaws, deterministic per case. Apart from the seeding so that the
 * worker threads that make them (demo-jaws.worker.ts) load only the mesh generator, not the server.
 */
import { CaseType, type CommentAnchor } from '@archway/contract';
import { dentalJaw, type DentalJaw } from '@archway/mesh';

/** Triangles in each demo jaw: at the low end of a real intraoral scan's (100k–300k), so the demo seeds quickly. */
export const DEMO_SCAN_TRIANGLES = 100_000;
/** Demo case n's type: TYPES[n % 3]. */
export const DEMO_CASE_TYPES = [CaseType.orthodontics, CaseType.implant, CaseType.restoration] as const;

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
 * map's pair): case 2, a crown on 16 (prepared on the upper jaw), from yesterday, being made at the lab. The upper
 * arch is the wider (overjet), its teeth in the lower's fossae; `lift` places it and `raise` extrudes seven lower
 * teeth (mm, found once by iterating occlusionMap, see docs/decisions.md) so that the smallest gap is `gap` and the
 * contacts (≤ 0.05 mm) are on three teeth, 44, 45 and 36 (two on the right, one on the left), with more teeth near.
 * Bigger than the other demo scans, as a real pair is.
 */
export const DEMO_BITE = {
  case: 2,
  triangles: 150_000,
  seed: 5001,
  gap: 0.02,
  contacts: [44, 45, 36],
  lift: 39.6,
  raise: { 34: 2.08949, 35: 1.589678, 36: 0.757569, 37: 0.372317, 44: 2.423816, 45: 2.2061, 46: 1.421172 },
  order: [16],
  names: { upper: 'occlusion-upper.ply', lower: 'occlusion-lower.ply' },
  pin: 'Check the margin on 16',
} as const;

/** The bite pair's scan of one jaw (see DEMO_BITE): 16 prepared on the upper jaw. Deterministic. */
export function demoBiteJaw(jaw: 'upper' | 'lower', triangles: number = DEMO_BITE.triangles): DentalJaw {
  const common = {
    seed: DEMO_BITE.seed,
    triangles,
    ratio: 0.9,
    square: 1,
    diverge: 0.16,
    archWidth: 17.5,
    gum: GUMS[1],
    enamel: ENAMELS[2],
  };
  return jaw === 'upper'
    ? dentalJaw({ ...common, jaw, overjet: 2.2, prepared: DEMO_BITE.order, lift: DEMO_BITE.lift })
    : dentalJaw({ ...common, jaw, raise: DEMO_BITE.raise });
}

/**
 * Where the lab's remark on the bite pair is pinned: the tip of the prepared 16 on the upper jaw (its lowest vertex:
 * the upper jaw's crowns face down), the surface normal there (area-weighted, unit) and a camera looking up at it from
 * 60 mm along the normal, the front teeth up.
 */
export function demoPinAnchor(upper: DentalJaw, fileId: string): CommentAnchor {
  const p = upper.positions;
  let best = -1;
  for (let v = 0; v < p.length / 3; v++) {
    if (upper.tooth[v] !== DEMO_BITE.order[0]) continue;
    if (best < 0 || p[v * 3 + 2]! < p[best * 3 + 2]!) best = v;
  }
  let nx = 0;
  let ny = 0;
  let nz = 0;
  const ix = upper.indices;
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
 * Demo case `n`'s scan of one jaw, made to differ from its neighbours' the way patients do: arch shape and size,
 * tooth sizes, rotations and crowding, third molars on some, gum and tooth shades, a tooth lost long ago on some, and
 * the order's teeth (lower jaw) prepared for a crown on a restoration case or carrying an implant scan body on an
 * implant case. The upper jaw lies above the lower with the mouth a little open (so the preview shows both arches).
 * Deterministic for `n`.
 */
export function demoJaw(
  n: number,
  jaw: 'upper' | 'lower',
  orderTeeth: readonly number[],
  caseType: number,
  /** Fewer for tests that seed a few cases and need only their rows (the bite pair then shrinks as well). */
  triangles?: number,
) {
  if (n === DEMO_BITE.case) return demoBiteJaw(jaw, triangles);
  const upper = jaw === 'upper';
  const sites = upper ? [] : [...new Set(orderTeeth)];
  // A tooth lost long ago: an upper premolar or molar on some, a lower one on others.
  const lost = upper ? (n % 5 === 1 ? [n % 2 ? 15 : 26] : []) : n % 7 === 4 ? [n % 2 ? 37 : 47] : [];
  // One arch per patient: the upper follows the lower's, wider by the overjet.
  const shape = ((n * 2654435761) >>> 0) / 4294967296;
  return dentalJaw({
    jaw,
    triangles: triangles ?? DEMO_SCAN_TRIANGLES,
    archWidth: 16.5 + 2.5 * shape,
    ratio: 0.78 + 0.3 * (((n * 7) % 11) / 10),
    square: 0.85 + 0.3 * (((n * 5) % 7) / 6),
    diverge: 0.1 + 0.14 * (((n * 3) % 5) / 4),
    overjet: upper ? 2.2 : 0,
    seed: n * 2 + (upper ? 1 : 0),
    wisdom: n % 4 === 1,
    opening: 12 + (n % 4) * 2,
    prepared: caseType === CaseType.restoration ? sites : [],
    scanBodies: caseType === CaseType.implant ? sites : [],
    missing: lost.filter((t) => !sites.includes(t)),
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
