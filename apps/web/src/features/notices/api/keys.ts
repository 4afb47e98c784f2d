/** Every notices query lives under this key (the realtime client invalidates it when a notice arrives). */
export const NOTICES_KEY = ['notices'] as const;
export const noticeListKey = [...NOTICES_KEY, 'list'] as const;
export const unreadCountKey = [...NOTICES_KEY, 'unread'] as const;
export const serviceContactKey = [...NOTICES_KEY, 'service'] as const;
