/**
 * Every comment query lives under this key: a posted comment, an opened thread and the realtime client's
 * `NewReply` (which invalidates ['comments']) refresh them all.
 */
export const COMMENTS_KEY = ['comments'] as const;
export const pageKey = [...COMMENTS_KEY, 'page'] as const;
export const unreadKey = [...COMMENTS_KEY, 'unread'] as const;
