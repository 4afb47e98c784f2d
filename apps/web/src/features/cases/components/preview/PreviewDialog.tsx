import {
  Component,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Button, Empty, Modal, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../../shared/auth/session.ts';
import { withChunkTimeout } from '../../../../shared/lazy-with-timeout.ts';
import { ApiError } from '../../../../shared/request.ts';
import { baseUrlFor } from '../../../../shared/services.ts';
import { useViewportMode } from '../../../../shared/ui/use-viewport.ts';
import { useCaseDetail } from '../../api/get-case-detail.ts';
import { usePreviewStatus } from '../../api/get-preview-status.ts';
import { fileAddress } from '../../utils/files.ts';
import { viewableScans } from './scan-files.ts';
import type { ScanViewerProps } from './ScanViewer.tsx';
import './preview.css';

/** three.js and the viewer arrive only when a preview opens (a chunk of their own). */
const loadViewer = () => import('./ScanViewer.tsx');

/** The viewer's code: loading, loaded, or failed (with a retry). */
function useViewerCode() {
  const [state, setState] = useState<{ Viewer?: ComponentType<ScanViewerProps>; failed?: boolean }>({});
  const load = useCallback(() => {
    setState({});
    withChunkTimeout(loadViewer).then(
      // A transition: React renders the viewer's first frame of DOM in slices, the page stays responsive.
      (module) => startTransition(() => setState({ Viewer: module.ScanViewer })),
      () => setState({ failed: true }),
    );
  }, []);
  useEffect(load, [load]);
  return { ...state, retry: load };
}

/** A viewer that throws (no WebGL in this browser, a lost context) shows why instead of an empty dialog. */
class ViewerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The case's 3D preview (issue 8): asks `/api/case/previewStatus` whether it may open and which files to load,
 * shows a refusal with the catalogue's message, a case without scan files as empty, else the lazily loaded viewer.
 * Full screen on a phone.
 */
export function PreviewDialog({
  caseId,
  patient: listedPatient,
  initialPin = null,
  onClose,
  onScreenshot,
}: {
  caseId: string;
  /** The patient's name as the list shows it; empty when opened by address (then the case's detail tells it). */
  patient: string;
  /** A pinned comment to open the viewer at (`/case?preview=<caseId>&pin=<commentId>`). */
  initialPin?: string | null;
  onClose: () => void;
  onScreenshot?: (blob: Blob) => void;
}) {
  const { t } = useTranslation();
  const mobile = useViewportMode() === 'mobile';
  const status = usePreviewStatus(caseId);
  const detail = useCaseDetail(listedPatient ? null : caseId);
  const patient = listedPatient || detail.data?.patientName || '';
  const code = useViewerCode();

  const filesKey = status.data?.files.map((f) => `${f.id}:${f.url}`).join() ?? '';
  const files = useMemo(
    () =>
      viewableScans(status.data?.files ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        size: f.size,
        url: new URL(fileAddress(f.url, baseUrlFor('casefile')), window.location.href).href,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the same files keep the same loads
    [filesKey],
  );

  const spinner = (
    <div className="scan-viewer-center" data-testid="preview-loading">
      <Spin size="large" />
    </div>
  );

  // The viewer's full height from the start (no jump when it arrives); messages take only what they need.
  const roomy = !status.isError && !(status.isSuccess && files.length === 0) && !code.failed;
  let body: ReactNode;
  if (status.isPending) body = spinner;
  else if (status.isError) {
    const error = status.error;
    const refused = error instanceof ApiError && error.kind === 'refused';
    body = (
      <Result
        status={refused ? 'warning' : 'error'}
        title={refused ? t(error.i18nKey) : t('cases.viewer.statusFailed')}
        data-testid="preview-refused"
        data-code={error instanceof ApiError ? error.code : ''}
        extra={
          refused ? null : (
            <Button type="primary" onClick={() => void status.refetch()}>
              {t('common.retry')}
            </Button>
          )
        }
      />
    );
  } else if (files.length === 0)
    body = <Empty description={t('cases.viewer.noScans')} data-testid="preview-empty" />;
  else if (code.failed)
    body = (
      <Result
        status="warning"
        title={t('chunk.failed')}
        subTitle={t('chunk.hint')}
        data-testid="preview-code-failed"
        extra={
          <Button type="primary" onClick={code.retry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (!code.Viewer) body = spinner;
  else
    body = (
      <ViewerBoundary
        fallback={
          <Result status="warning" title={t('cases.viewer.noWebgl')} data-testid="preview-no-webgl" />
        }
      >
        <code.Viewer
          files={files}
          token={getToken()}
          patient={patient}
          onScreenshot={onScreenshot}
          caseId={caseId}
          initialPin={initialPin}
        />
      </ViewerBoundary>
    );

  return (
    <Modal
      open
      title={t('cases.viewer.title', { patient: patient || '–' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      centered={!mobile}
      width={mobile ? '100vw' : 'min(1200px, calc(100vw - 48px))'}
      className={mobile ? 'preview-modal preview-modal-phone' : 'preview-modal'}
    >
      <div className={roomy ? 'preview-body is-viewer' : 'preview-body'} data-testid="case-preview">
        {body}
      </div>
    </Modal>
  );
}
