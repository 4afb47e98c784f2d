import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { MeshViewProps } from './MeshView.tsx';

const MeshView = lazy(() => import('./MeshView.tsx'));

/**
 * MeshView loaded on first use (three.js and the WebGL renderer are a chunk of their own), with a placeholder of the
 * same height meanwhile. Load the meshes themselves with `useMeshFile` (a Web Worker reads the file).
 */
export function LazyMeshView(props: MeshViewProps) {
  return (
    <Suspense
      fallback={
        <Skeleton.Node active style={{ width: '100%', height: props.height ?? 420 }}>
          <span />
        </Skeleton.Node>
      }
    >
      <MeshView {...props} />
    </Suspense>
  );
}

export type { MeshViewProps } from './MeshView.tsx';
export type { MeshData } from './mesh-data.ts';
export { useMeshFile, type MeshFileState } from './use-mesh-file.ts';
