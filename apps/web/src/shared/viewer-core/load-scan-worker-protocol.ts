import type { PickingParts, PreparedScan } from './load-scan.ts';

/** The page asks the worker for one scan file. */
export interface ScanRequest {
  /** Absolute address of the file. */
  url: string;
  token: string | null;
  size: number;
  /** Build and send the picking hierarchy after the scan (default true; a view without tools needs none). */
  picking?: boolean;
}

/**
 * What the worker tells the page, in order: progress (repeated), lastByte, then done or failed; after done, picking:
 * the scan's bounding-volume hierarchy (null when it could not be built), built after the scan was sent so that the
 * first frame never waits for it.
 */
export type ScanReply =
  | { type: 'progress'; received: number; total: number }
  | { type: 'lastByte'; at: number }
  | { type: 'done'; scan: PreparedScan }
  | { type: 'picking'; parts: PickingParts | null }
  | {
      type: 'failed';
      reason: 'refused' | 'unreadable' | 'network' | 'internal';
      key: string | null;
      status: number;
      message: string;
    };

/** How often progress is posted at most (ms): enough for a smooth bar, few messages for the page. */
export const PROGRESS_INTERVAL_MS = 60;
