import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { MeshViewProps } from './MeshView.tsx';

const MeshView = lazy(() => import('./MeshView.tsx'));

/**
 * MeshView loaded on first use (three.js and the WebGL renderer are a chunk of their own), with a placeholder of the
 * same height meanwhile. Load the files themselves with `useMeshFiles` (the viewer core's workers read them).
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
export { useMeshFiles, type MeshFile } from './use-mesh-file.ts';
