/** The caller's new replies: shared (every case list marks its cases' unread replies), re-exported here. */
export {
  getUnreadReplies as getUnread,
  useUnreadReplies,
} from '../../../shared/case-page/unread-replies.tsx';
