import { useMemo } from 'react';
import { useScans, type ReadyScan, type ScanState, type ViewerFile } from '../viewer-core/use-scans.ts';

/** A file MeshView shows: read from `url` (relative to the page, or absolute). */
export interface MeshFile {
  id: string;
  url: string;
  name?: string;
}

/**
 * Downloads and reads the files (PLY, STL, OBJ) through the viewer core (useScans: a Web Worker per file, the same
 * worker protocol as the case viewer, without a picking tree: MeshView has no tools), with the caller's token.
 * `scans` are the loaded ones in the files' order, the same array as long as they are the same (the camera refits
 * only when they change); `states` tells each file's progress or failure.
 */
export function useMeshFiles(
  files: readonly MeshFile[],
  token: string | null,
): { scans: readonly ReadyScan[]; states: Record<string, ScanState | undefined> } {
  const key = files.map((f) => `${f.id}\n${f.url}`).join('\n');
  const viewerFiles = useMemo<ViewerFile[]>(
    () =>
      files.map((f) => ({
        id: f.id,
        name: f.name ?? f.id,
        size: 0,
        url: new URL(f.url, location.href).href,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the files' ids and addresses decide it
    [key],
  );
  const states = useScans(viewerFiles, token, { picking: false });
  // A file's ready state is set once (no picking tree follows it), so which files are ready decides the list.
  const readyKey = viewerFiles.map((f) => (states[f.id]?.status === 'ready' ? f.id : '')).join('\n');
  const scans = useMemo(
    () =>
      viewerFiles.flatMap((f) => {
        const s = states[f.id];
        return s?.status === 'ready' ? [s] : [];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- which files are ready decides it
    [viewerFiles, readyKey],
  );
  return { scans, states };
}
