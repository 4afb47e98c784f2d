import { message } from 'antd';
import type { MessageInstance, NoticeType } from 'antd/es/message/interface';

/** Toasts are de-duplicated (the text is the key) and disappear after 3 s (calls-and-errors §9). */
export const TOAST_SECONDS = 3;

let instance: MessageInstance | null = null;

/** The App shell binds the themed message instance; before that the static one is used. */
export function bindToast(api: MessageInstance | null): void {
  instance = api;
}

/** The event each toast also dispatches on `window` (detail: text and type), shown again or not (browser tests). */
export const TOAST_EVENT = 'archway:toast';

export function toast(text: string, type: NoticeType = 'error'): void {
  (instance ?? message).open({ key: text, content: text, type, duration: TOAST_SECONDS });
  globalThis.dispatchEvent?.(new CustomEvent(TOAST_EVENT, { detail: { text, type } }));
}
