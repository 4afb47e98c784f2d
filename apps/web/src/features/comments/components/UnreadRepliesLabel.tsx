import type { ReactNode } from 'react';
import { Badge } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useUnreadReplies } from '../api/get-unread.ts';
import './unread-replies.css';

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

/** The entry's icon with a dot while there are new replies, seen only in a collapsed menu (unread-replies.css). */
export function UnreadRepliesIcon({ className }: { className?: string }) {
  const total = useUnreadReplies().data?.total ?? 0;
  return (
    // The menu gives its icon class (spacing before the label) to the element it renders as the icon.
    <Badge
      dot={total > 0}
      offset={[-2, 2]}
      className={className ? `${className} replies-dot` : 'replies-dot'}
      data-testid="replies-dot"
    >
      <MessageOutlined />
    </Badge>
  );
}
