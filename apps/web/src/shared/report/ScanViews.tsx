import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyMeshView, useMeshFiles } from '../mesh-view/LazyMeshView.tsx';
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
  /** CSS height of the view (px or any length); default 360 px. */
  height?: number | string;
  testId?: string;
  /** The case's remarks pinned to these files (read-only); a pin on a file not shown is left out. */
  pins?: readonly Pin[];
}

/**
 * The shared 3D view (shared/mesh-view, loaded by the viewer core) of several files drawn together: a case's scans (upper and lower jaw) or its
 * built models. Shows a spinner while they load and names the files that could not be read.
 */
export function ScanViews({ files, token, label, height = 360, testId = 'scan-view', pins }: ScanViewsProps) {
  const { t } = useTranslation();
  const { scans, states } = useMeshFiles(files, token);
  const failed = files.filter((f) => states[f.id]?.status === 'failed').map((f) => f.name);
  const loading = files.some((f) => {
    const s = states[f.id]?.status;
    return !s || s === 'loading';
  });

  return (
    <div
      className="scan-views"
      data-testid={testId}
      data-loaded={loading ? 'no' : 'yes'}
      data-parts={scans.length}
    >
      <LazyMeshView
        scans={scans}
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
