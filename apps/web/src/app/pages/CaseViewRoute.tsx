import { useEffect } from 'react';
import { CaseViewPage } from '../../features/cases/CaseViewPage.tsx';
import { useThread } from '../../features/comments/api/get-thread.ts';
import { useMarkThreadRead } from '../../features/comments/api/mark-read.ts';
import { ThreadPanel } from '../../features/comments/components/ThreadPanel.tsx';
import { ShareLinks } from '../../features/models/components/ShareLinks.tsx';

/** The Conversation tab: the thread fills the tab (it scrolls with it), the composer below. */
function Conversation({ caseId, canComment }: { caseId: string; canComment: boolean }) {
  return <ThreadPanel caseId={caseId} canComment={canComment} marksRead={false} />;
}

/**
 * Reads the case's thread while its page is open: opening the page marks it read (the unread mark clears), and
 * every new message (the realtime `NewReply` refreshes the thread) is counted and read too.
 */
function ThreadReader({ caseId, onCount }: { caseId: string; onCount: (count: number) => void }) {
  const thread = useThread(caseId);
  const { mutate: markRead } = useMarkThreadRead();
  const count = thread.data?.length;
  useEffect(() => {
    if (count === undefined) return;
    onCount(count);
    // An empty thread has nothing to clear.
    if (count > 0) markRead(caseId);
  }, [count, caseId, markRead, onCount]);
  return null;
}

/**
 * `/case/:id` (issue 32): the case page of the cases feature, with the thread of the comments feature and the share
 * links of the models feature. Composed here because features never import each other.
 */
export default function CaseViewRoute() {
  return <CaseViewPage Conversation={Conversation} ThreadReader={ThreadReader} ShareLinks={ShareLinks} />;
}
