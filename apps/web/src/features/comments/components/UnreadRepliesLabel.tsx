import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { useUnreadReplies } from '../api/get-unread.ts';

/** The /caseComment menu entry's label with the badge of new replies (product §2). */
export function UnreadRepliesLabel({ children }: { children: ReactNode }) {
  const total = useUnreadReplies().data?.total ?? 0;
  return (
    <span data-testid="menu-caseComment">
      {children}
      <Badge count={total} size="small" offset={[6, -2]} data-testid="replies-badge" data-count={total} />
    </span>
  );
}
