import type { JawOcclusion, OcclusionResult } from '@archway/mesh';

/** One jaw as the viewer holds it: its parts' arrays in order (a part without indices is a triangle soup). */
export interface BiteJawInput {
  parts: { positions: Float32Array; indices?: Uint32Array }[];
}

/** The page asks the worker for the bite of an upper and a lower jaw (one coordinate frame). */
export interface BiteRequest {
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

/** What the page keeps of a computed bite (also what the cache stores). */
export interface BiteResult {
  upper: BiteJaw;
  lower: BiteJaw;
  thresholds: OcclusionResult['thresholds'];
}

/** What the worker tells the page: progress (0..1, repeated), then done or failed. */
export type BiteReply =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; result: BiteResult }
  | { type: 'failed'; message: string };

/** How often progress is posted at most (ms). */
export const BITE_PROGRESS_MS = 80;
