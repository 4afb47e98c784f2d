import { useCallback, useLayoutEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { Badge, Button, Card, Flex, Result, Skeleton, Tabs } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CustType } from '@archway/contract';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { ApiError } from '../../shared/request.ts';
import { useViewportMode } from '../../shared/ui/use-viewport.ts';
import { useCasePageDetail } from './api/get-case-history.ts';
import { CASE_LIST_PATH, CaseHeader } from './components/case-page/CaseHeader.tsx';
import { CaseViewerPane } from './components/case-page/CaseViewerPane.tsx';
import { DetailsPanel } from './components/case-page/DetailsPanel.tsx';
import { HistoryPanel } from './components/case-page/HistoryPanel.tsx';
import './components/case-page/case-page.css';

/**
 * Keeps an element as tall as the window below its top (less the layout's bottom padding), so the viewer fills
 * the page and the side panel scrolls by itself. Measured once the element is there (`ready`) and on resize.
 */
function useFillHeight(ref: RefObject<HTMLElement | null>, bottom: number, ready: boolean) {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!ready) return;
    const measure = () => {
      if (!ref.current) return;
      const top = ref.current.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(420, Math.floor(window.innerHeight - top - bottom)));
    };
    measure();
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [ref, bottom, ready]);
  return height;
}

const TABS = ['viewer', 'details', 'conversation', 'history'];

/** A case id that is not one (a mistyped address) answers as missing, like a case of someone else. */
const isMissing = (error: unknown) =>
  error instanceof ApiError &&
  (error.i18nKey === 'errors.case.notFound' ||
    (error.kind === 'refused' && error.status === 404) ||
    error.field === 'id');

/**
 * What the case page shows of other features (features never import each other: `app/pages/CaseViewRoute.tsx`
 * composes them): the thread, a component that reads it as the page opens, and the share links.
 */
export interface CaseViewSlots {
  /** The case's thread and composer (features/comments), in the Conversation tab. */
  Conversation: ComponentType<{ caseId: string; canComment: boolean }>;
  /**
   * Mounted while the page is open, whichever tab shows: marks the thread read (its unread replies clear) and
   * tells how many messages it has (again after each new one). Renders nothing.
   */
  ThreadReader: ComponentType<{ caseId: string; onCount: (count: number) => void }>;
  /** The case's 3D share links: make one, copy it, revoke (features/models). */
  ShareLinks: ComponentType<{ caseId: string }>;
}

/**
 * `/case/:id` (issue 32): one page for one case. The header (who, what, progress, due date, the allowed actions),
 * the 3D viewer filling the main area, and beside it the tabs Details (files, conversions, order), Conversation
 * (the thread, read when the page opens) and History. On a phone every part is a tab (Viewer first). `?pin=` opens
 * the viewer at a remark pinned to the scan, `?tab=` a tab.
 */
export function CaseViewPage({ Conversation, ThreadReader, ShareLinks }: CaseViewSlots) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const mode = useViewportMode();
  const mobile = mode === 'mobile';
  const { data: user } = useCurrentUser();
  const detail = useCasePageDetail(id);
  const [comments, setComments] = useState(0);
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const height = useFillHeight(root, mobile ? 12 : 24, Boolean(detail.data));
  const [tab, setTab] = useState(mobile ? 'viewer' : 'details');
  // The viewer's screenshot added to the thread shows the Conversation tab.
  const toConversation = useCallback(() => setTab('conversation'), []);
  // `?tab=details|conversation|history` opens that tab (a notice, a mail, the lists' comment action); `?pin=` (a
  // comment's "Show on the scan") shows the viewer, on a phone by switching to its tab.
  const asked = `${params.get('tab') ?? ''}:${params.get('pin') ?? ''}`;
  const [askedSeen, setAskedSeen] = useState<string | null>(null);
  if (asked !== askedSeen) {
    setAskedSeen(asked);
    const wanted = params.get('tab');
    if (params.get('pin') && mobile) setTab('viewer');
    else if (wanted && TABS.includes(wanted)) setTab(wanted);
  }

  if (detail.isError) {
    if (isMissing(detail.error))
      return (
        <Result
          status="404"
          title={t('casePage.notFound.title')}
          subTitle={t('casePage.notFound.body')}
          data-testid="case-page-not-found"
          extra={
            <Button type="primary" onClick={() => void navigate(CASE_LIST_PATH)}>
              {t('casePage.notFound.back')}
            </Button>
          }
        />
      );
    return (
      <Result
        status="error"
        title={detail.error instanceof ApiError ? t(detail.error.i18nKey) : t('cases.detail.failed')}
        data-testid="case-page-failed"
        extra={
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const d = detail.data;
  if (!d)
    return (
      <Card data-testid="case-page-loading">
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton.Node active style={{ width: '100%', height: 320, marginTop: 16 }} />
      </Card>
    );

  const reduced = user?.custType === CustType.clinic;
  const canComment = d.actions.includes('comment');
  const viewer = (
    <CaseViewerPane
      caseId={d.id}
      patient={d.patientName}
      initialPin={params.get('pin')}
      onConversation={canComment ? toConversation : undefined}
    />
  );
  const conversation = <Conversation caseId={d.id} canComment={canComment} />;
  const history = <HistoryPanel caseId={d.id} commentCount={comments} />;
  const conversationLabel = (
    <Flex gap={6} align="center">
      {t('casePage.tabs.conversation')}
      {comments > 0 && <Badge count={comments} color="#8c8c8c" size="small" />}
    </Flex>
  );
  const sideTabs = [
    { key: 'details', label: t('casePage.tabs.details'), children: <DetailsPanel detail={d} /> },
    { key: 'conversation', label: conversationLabel, children: conversation },
    { key: 'history', label: t('casePage.tabs.history'), children: history },
  ];

  return (
    <div
      ref={root}
      className={`case-page is-${mode}`}
      style={height ? { height } : undefined}
      data-testid="case-view-page"
      data-case={d.id}
    >
      <ThreadReader caseId={d.id} onCount={setComments} />
      <CaseHeader detail={d} mode={mode} reduced={reduced} ShareLinks={ShareLinks} />
      {mobile ? (
        <Tabs
          className="case-page-tabs"
          activeKey={tab}
          onChange={setTab}
          data-testid="case-page-tabs"
          items={[{ key: 'viewer', label: t('casePage.tabs.viewer'), children: viewer }, ...sideTabs]}
        />
      ) : (
        <div className="case-page-body">
          <main className="case-page-main">{viewer}</main>
          <aside className="case-page-side" data-testid="case-page-side">
            <Tabs
              className="case-page-tabs"
              activeKey={tab === 'viewer' ? 'details' : tab}
              onChange={setTab}
              data-testid="case-page-tabs"
              items={sideTabs}
            />
          </aside>
        </div>
      )}
    </div>
  );
}
