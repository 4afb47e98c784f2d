import { safeFileName } from '../../utils/progress.ts';

/** Which jaw a scan file holds, told by its name; null when the name does not say. */
export type Jaw = 'upper' | 'lower';

/**
 * The jaw of a scan file by its name: "upper" or "maxilla" (any case, anywhere in the name) is the upper jaw,
 * "lower" or "mandible" the lower one. A name naming both, or neither, says nothing.
 */
export function jawOf(name: string): Jaw | null {
  const n = name.toLowerCase();
  const upper = n.includes('upper') || n.includes('maxilla');
  const lower = n.includes('lower') || n.includes('mandible');
  if (upper === lower) return null;
  return upper ? 'upper' : 'lower';
}

export interface ScanFile {
  id: string;
  name: string;
  size: number;
  format: string;
  url: string;
}

/** The file formats the viewer can read (packages/mesh). */
const READABLE = new Set(['ply', 'stl', 'obj']);

/** The files the viewer shows: readable scans (by format, else by extension), the upper jaw first, then the lower. */
export function viewableScans<T extends Pick<ScanFile, 'name' | 'format'>>(files: readonly T[]): T[] {
  const readable = files.filter((f) => {
    const ext = (f.format || f.name.split('.').pop() || '').toLowerCase();
    return READABLE.has(ext);
  });
  const rank = (f: T) => ({ upper: 0, lower: 1 })[jawOf(f.name) ?? 'upper'] + (jawOf(f.name) ? 0 : 2);
  return readable
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
}

/** The downloaded screenshot's name: `<patient>-<YYYY-MM-DD>.png` (local date), safe as a file name. */
export function screenshotName(patient: string, when: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
  return safeFileName(`${patient.trim() || 'scan'}-${date}.png`, `scan-${date}.png`);
}

/** Overall download percentage (0–100) of several files, by bytes; per file the same with its own size. */
export function percentOf(received: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, received) / total) * 100));
}
