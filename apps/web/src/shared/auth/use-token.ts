import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './session.ts';

/** The session token, re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken);
}
