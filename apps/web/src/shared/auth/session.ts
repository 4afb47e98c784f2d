import { SessionKeys, readSession, writeSession } from '../storage-keys.ts';

/**
 * The access token lives in sessionStorage under `token` (calls-and-errors §7.1); the request
 * layer reads it from here. Components subscribe so that a new or cleared token re-renders them.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return readSession(SessionKeys.token);
}

export function setToken(token: string | null): void {
  if (getToken() === token) return;
  writeSession(SessionKeys.token, token);
  listeners.forEach((listener) => listener());
}

/**
 * Clears the token without telling subscribers: used right before the page navigates away
 * (sign-out, session lost), so the route guard does not race that navigation with its own.
 */
export function clearTokenQuietly(): void {
  writeSession(SessionKeys.token, null);
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A catalogue key (e.g. `generic.sessionExpired`) the sign-in form shows once. */
export function setLoginMessage(key: string): void {
  writeSession(SessionKeys.loginMessage, key);
}

export function peekLoginMessage(): string | null {
  return readSession(SessionKeys.loginMessage);
}

export function clearLoginMessage(): void {
  writeSession(SessionKeys.loginMessage, null);
}

export function setReturnPath(path: string | null): void {
  writeSession(SessionKeys.returnPath, path);
}

export function takeReturnPath(): string | null {
  const path = readSession(SessionKeys.returnPath);
  writeSession(SessionKeys.returnPath, null);
  return path;
}
