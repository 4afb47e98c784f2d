import { startTransition, useEffect, useState } from 'react';
import { Box3, BufferAttribute, BufferGeometry, Sphere, Vector3 } from 'three';
import { TriangleBvh } from '@archway/mesh';
import type { Box6, ScanPart, Sphere4 } from './load-scan.ts';
import type { ScanReply, ScanRequest } from './load-scan-worker-protocol.ts';

/** A file the viewer loads: its address is absolute (the worker resolves nothing). */
export interface ViewerFile {
  id: string;
  name: string;
  size: number;
  url: string;
}

export type ScanState =
  | { status: 'loading'; received: number; total: number }
  | {
      status: 'ready';
      /** One geometry per part, in order: the viewer adds one per frame. */
      geometries: BufferGeometry[];
      sphere: Sphere;
      box: Box3;
      /** The points the camera is fitted by (fit.ts). */
      fit: Float32Array;
      /** For picking and the section's outline; null until the worker has built it (or when it could not). */
      bvh: TriangleBvh | null;
      hasColors: boolean;
      triangles: number;
      received: number;
      total: number;
    }
  | {
      status: 'failed';
      reason: 'refused' | 'unreadable' | 'network' | 'internal';
      key: string | null;
      httpStatus: number;
      received: number;
      total: number;
    };

/** Performance marks the benchmark (apps/web/bench/bench-preview.ts) reads. */
export const MARK_LAST_BYTE = 'archway:preview:last-byte';
export const MARK_FIRST_FRAME = 'archway:preview:first-frame';
/** The first frame that drew a part of a scan (a large scan then fills in, one part per frame). */
export const MARK_FIRST_PART = 'archway:preview:first-part';
/** A file's arrays arrived from its worker (parsed, normals computed). */
export const MARK_RECEIVED = 'archway:preview:received';

const sphereOf = ([x, y, z, r]: Sphere4) => new Sphere(new Vector3(x, y, z), r);
const boxOf = ([a, b, c, d, e, f]: Box6) => new Box3(new Vector3(a, b, c), new Vector3(d, e, f));

/** The arrays from the worker wrapped as they are: no copy, no pass over them on this thread. */
export function geometryOf(part: ScanPart): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(part.positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(part.normals, 3));
  if (part.colors) geometry.setAttribute('color', new BufferAttribute(part.colors, 3, true));
  if (part.indices) geometry.setIndex(new BufferAttribute(part.indices, 1));
  geometry.boundingSphere = sphereOf(part.sphere);
  return geometry;
}

/** A loaded scan, as MeshView draws it. */
export type ReadyScan = Extract<ScanState, { status: 'ready' }>;

/**
 * The one hook every 3D view loads its files with (ScanViewer, MeshView). Loads each file in its own Web Worker (download + parse + normals there), reporting each one's progress; the
 * page builds only the BufferGeometry from the transferred arrays, then the picking hierarchy the worker sends after. Workers stop when the files change or the viewer
 * closes; geometries are disposed then.
 */
export function useScans(
  files: readonly ViewerFile[],
  token: string | null,
  { picking = true }: { picking?: boolean } = {},
): Record<string, ScanState> {
  const [states, setStates] = useState<Record<string, ScanState>>({});

  useEffect(() => {
    const workers: Worker[] = [];
    const geometries: BufferGeometry[] = [];
    const set = (id: string, state: ScanState) => setStates((s) => ({ ...s, [id]: state }));
    setStates(
      Object.fromEntries(
        files.map((f) => [f.id, { status: 'loading', received: 0, total: f.size } as ScanState]),
      ),
    );
    for (const file of files) {
      const worker = new Worker(new URL('./load-scan.worker.ts', import.meta.url), { type: 'module' });
      workers.push(worker);
      let received = 0;
      let total = file.size;
      worker.onmessage = (event: MessageEvent<ScanReply>) => {
        const reply = event.data;
        if (reply.type === 'progress') {
          received = reply.received;
          total = reply.total || total;
          set(file.id, { status: 'loading', received, total });
        } else if (reply.type === 'lastByte') {
          performance.mark(MARK_LAST_BYTE, { startTime: Math.max(0, reply.at - performance.timeOrigin) });
        } else if (reply.type === 'done') {
          performance.mark(MARK_RECEIVED);
          const parts = reply.scan.parts.map(geometryOf);
          geometries.push(...parts);
          if (!picking) worker.terminate();
          // A transition: the viewer re-renders with the scan in slices, not in one long task.
          startTransition(() =>
            set(file.id, {
              status: 'ready',
              geometries: parts,
              sphere: sphereOf(reply.scan.sphere),
              box: boxOf(reply.scan.box),
              fit: reply.scan.fit,
              bvh: null,
              hasColors: reply.scan.parts.some((p) => p.colors),
              triangles: reply.scan.triangles,
              received: total,
              total,
            }),
          );
        } else if (reply.type === 'picking') {
          const bvh = reply.parts ? TriangleBvh.fromParts(reply.parts) : null;
          worker.terminate();
          if (bvh)
            startTransition(() =>
              setStates((s) => {
                const state = s[file.id];
                return state?.status === 'ready' ? { ...s, [file.id]: { ...state, bvh } } : s;
              }),
            );
        } else {
          set(file.id, {
            status: 'failed',
            reason: reply.reason,
            key: reply.key,
            httpStatus: reply.status,
            received,
            total,
          });
          worker.terminate();
        }
      };
      worker.onerror = () => {
        set(file.id, { status: 'failed', reason: 'internal', key: null, httpStatus: 0, received, total });
        worker.terminate();
      };
      const request: ScanRequest = { url: file.url, token, size: file.size, picking };
      worker.postMessage(request);
    }
    return () => {
      workers.forEach((w) => w.terminate());
      geometries.forEach((g) => g.dispose());
    };
  }, [files, token, picking]);

  return states;
}
