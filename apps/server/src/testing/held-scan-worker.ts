import { existsSync } from 'node:fs';
import scanWorker, { type ScanTask } from '../modules/scans/mesh.worker.ts';
import { until } from './poll.ts';

/** The header comment that holds a scan's preview image back: `comment hold <file>` (see `heldScan`). */
const HOLD = /^comment hold (\S+)$/m;

/**
 * A PLY scan whose preview image the held worker draws only once `release` exists: a background job that keeps its
 * thread busy for as long as a test needs (the queue-fairness tests). Its conversion is not held.
 */
export function heldScan(ply: Buffer, release: string): Buffer {
  const text = ply.toString('latin1');
  const at = text.indexOf('\n', text.indexOf('\n') + 1) + 1; // after `ply` and `format …`
  return Buffer.concat([ply.subarray(0, at), Buffer.from(`comment hold ${release}\n`), ply.subarray(at)]);
}

/** The scan worker, except that a preview image of a held scan waits until its release file exists. */
export default async function heldScanWorker(task: ScanTask) {
  if (task.op === 'thumbnail') {
    const header = Buffer.from(task.files[0]?.subarray(0, 512) ?? []).toString('latin1');
    const release = HOLD.exec(header)?.[1];
    if (release) await until(() => existsSync(release), { timeoutMs: 600_000, what: release });
  }
  return scanWorker(task);
}
