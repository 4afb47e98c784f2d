import { useCallback, useEffect, useState } from 'react';
import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyMeshView, useMeshFile, type MeshData, type MeshFileState } from '../mesh-view/LazyMeshView.tsx';
import type { Pin } from '../mesh-view/pins.ts';

/** A scan or model the view shows: read from `url` (with the token when one is given). */
export interface ScanViewFile {
  id: string;
  name: string;
  url: string;
}

export interface ScanViewsProps {
  files: readonly ScanViewFile[];
  /** Sent as the Bearer token (signed-in pages); null for the public report. */
  token: string | null;
  /** What the view shows (read by screen readers). */
  label: string;
  height?: number;
  testId?: string;
  /** The case's remarks pinned to these files (read-only); a pin on a file not shown is left out. */
  pins?: readonly Pin[];
}

/** Reads one file in a worker and tells the parent how it went (one hook per file, however many there are). */
function FileLoader({
  file,
  token,
  onState,
}: {
  file: ScanViewFile;
  token: string | null;
  onState: (id: string, state: MeshFileState) => void;
}) {
  const state = useMeshFile(file.url, token);
  useEffect(() => onState(file.id, state), [file.id, state, onState]);
  return null;
}

/**
 * The shared 3D view (shared/mesh-view) of several files drawn together: a case's scans (upper and lower jaw) or its
 * built models. Shows a spinner while they load and names the files that could not be read.
 */
export function ScanViews({ files, token, label, height = 360, testId = 'scan-view', pins }: ScanViewsProps) {
  const { t } = useTranslation();
  const [states, setStates] = useState<Record<string, MeshFileState>>({});
  const onState = useCallback(
    (id: string, state: MeshFileState) => setStates((s) => (s[id] === state ? s : { ...s, [id]: state })),
    [],
  );
  const meshes: MeshData[] = files.flatMap((f) => {
    const s = states[f.id];
    return s?.status === 'ready' ? [s.mesh] : [];
  });
  const failed = files.filter((f) => states[f.id]?.status === 'failed').map((f) => f.name);
  const loading = files.some((f) => {
    const s = states[f.id]?.status;
    return !s || s === 'idle' || s === 'loading';
  });

  return (
    <div
      className="scan-views"
      data-testid={testId}
      data-loaded={loading ? 'no' : 'yes'}
      data-parts={meshes.length}
    >
      {files.map((f) => (
        <FileLoader key={f.id} file={f} token={token} onState={onState} />
      ))}
      <LazyMeshView
        meshes={meshes}
        label={label}
        height={height}
        testId={`${testId}-mesh`}
        pins={pins?.filter((p) => files.some((f) => f.id === p.anchor.fileId))}
        pinsTitle={t('report.pins.title')}
        overlay={
          loading ? (
            <Flex align="center" gap={8} className="scan-views-loading">
              <Spin size="small" />
              <span>{t('caseReport.view.loading')}</span>
            </Flex>
          ) : undefined
        }
      />
      {failed.length > 0 && (
        <Alert
          className="scan-views-alert"
          type="warning"
          showIcon
          title={t('caseReport.view.failed', { names: failed.join(', ') })}
        />
      )}
    </div>
  );
}
