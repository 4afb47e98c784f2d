import type { JawOcclusion, OcclusionResult } from '@archway/mesh';

/** One jaw as the viewer holds it: its parts' arrays in order (a part without indices is a triangle soup). */
export interface BiteJawInput {
  parts: { positions: Float32Array; indices?: Uint32Array }[];
}

/** Which jaw a worker colours: its vertices against the other jaw's surface. */
export type BiteSide = 'upper' | 'lower';

/**
 * The page asks a worker for one side of the bite of an upper and a lower jaw (one coordinate frame): both jaws,
 * since the side needs the other's surface. Two workers, one per side, compute the whole bite at once.
 */
export interface BiteRequest {
  side: BiteSide;
  upper: BiteJawInput;
  lower: BiteJawInput;
}

/** One jaw's bite: per part, a colour per vertex of that part (r, g, b bytes); the figures of the whole jaw. */
export interface BiteJaw {
  colors: Uint8Array[];
  minClearance: number;
  contactArea: number;
  histogram: JawOcclusion['histogram'];
}

/** What the page keeps of a computed bite (also what the cache stores): the two workers' sides put together. */
export interface BiteResult {
  upper: BiteJaw;
  lower: BiteJaw;
  thresholds: OcclusionResult['thresholds'];
}

/** What a worker tells the page: progress of its side (0..1, repeated), then its side done, or failed. */
export type BiteReply =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; side: BiteSide; jaw: BiteJaw; thresholds: OcclusionResult['thresholds'] }
  | { type: 'failed'; message: string };

/** How often progress is posted at most (ms). */
export const BITE_PROGRESS_MS = 80;
