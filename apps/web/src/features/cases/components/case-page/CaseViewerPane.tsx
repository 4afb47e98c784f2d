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
import { App, Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../../shared/auth/session.ts';
import { stashCommentImage } from '../../../../shared/comment-draft.ts';
import { withChunkTimeout } from '../../../../shared/lazy-with-timeout.ts';
import { ApiError } from '../../../../shared/request.ts';
import { baseUrlFor } from '../../../../shared/services.ts';
import { usePreviewStatus } from '../../api/get-preview-status.ts';
import { fileAddress } from '../../utils/files.ts';
import { viewableScans } from '../preview/scan-files.ts';
import type { ScanViewerProps } from '../preview/ScanViewer.tsx';
import '../preview/preview.css';

/** three.js and the viewer arrive only when a case page opens (a chunk of their own). */
const loadViewer = () => import('../preview/ScanViewer.tsx');

function useViewerCode() {
  const [state, setState] = useState<{ Viewer?: ComponentType<ScanViewerProps>; failed?: boolean }>({});
  const load = useCallback(() => {
    setState({});
    withChunkTimeout(loadViewer).then(
      (module) => startTransition(() => setState({ Viewer: module.ScanViewer })),
      () => setState({ failed: true }),
    );
  }, []);
  useEffect(load, [load]);
  return { ...state, retry: load };
}

/**
 * After the viewer's screenshot (saved already): a notice offering to add it to the case's conversation (the thread
 * attaches it, shared/comment-draft.ts) and to show that tab. Undefined when the case takes no comment.
 */
function useScreenshotToConversation(caseId: string, onConversation: (() => void) | undefined) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  return useMemo(() => {
    if (!onConversation) return undefined;
    return (blob: Blob) => {
      const key = `shot-${caseId}`;
      notification.info({
        key,
        title: t('comments.fromPreview.title'),
        actions: (
          <Button
            type="primary"
            size="small"
            data-testid="screenshot-to-comment"
            onClick={() => {
              notification.destroy(key);
              stashCommentImage(caseId, blob);
              onConversation();
            }}
          >
            {t('comments.fromPreview.action')}
          </Button>
        ),
      });
    };
  }, [caseId, onConversation, notification, t]);
}

/** A viewer that throws (no WebGL, a lost context) says why instead of leaving the area empty. */
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
 * The case page's main area: the 3D viewer with every tool it has (through its props only: the case, its scan
 * files from `/api/case/previewStatus`, the token and the patient), or the server's refusal (past 90 days,
 * encrypted, no certification), or an empty state for a case without scans. `initialPin` (the address's `?pin=`)
 * flies the camera to that pin, again whenever it changes.
 */
export function CaseViewerPane({
  caseId,
  patient,
  initialPin,
  onConversation,
}: {
  caseId: string;
  patient: string;
  initialPin: string | null;
  /** Shows the Conversation tab: a screenshot is then offered to the thread (absent when it takes no comment). */
  onConversation?: () => void;
}) {
  const { t } = useTranslation();
  const onScreenshot = useScreenshotToConversation(caseId, onConversation);
  const status = usePreviewStatus(caseId);
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
    <div className="scan-viewer-center" data-testid="case-viewer-loading">
      <Spin size="large" />
    </div>
  );
  let body: ReactNode;
  if (status.isPending) body = spinner;
  else if (status.isError) {
    const error = status.error;
    const refused = error instanceof ApiError && error.kind === 'refused';
    body = (
      <Result
        status={refused ? 'warning' : 'error'}
        title={refused ? t(error.i18nKey) : t('cases.viewer.statusFailed')}
        data-testid="case-viewer-refused"
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
    body = <Empty description={t('cases.viewer.noScans')} data-testid="case-viewer-empty" />;
  else if (code.failed)
    body = (
      <Result
        status="warning"
        title={t('chunk.failed')}
        subTitle={t('chunk.hint')}
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
      <ViewerBoundary fallback={<Result status="warning" title={t('cases.viewer.noWebgl')} />}>
        <code.Viewer
          files={files}
          token={getToken()}
          patient={patient}
          caseId={caseId}
          initialPin={initialPin}
          onScreenshot={onScreenshot}
        />
      </ViewerBoundary>
    );

  return (
    <div className="case-page-viewer" data-testid="case-page-viewer">
      {body}
    </div>
  );
}
