import { io, type Socket } from 'socket.io-client';
import { getToken, subscribeToken } from '../auth/session.ts';
import { baseUrlFor } from '../services.ts';

/** The push service's path (calls-and-errors §7.3). */
export const HUB_PATH = '/hubs/notify';

/** Query keys the hub's messages refresh (the features' own keys: cases, comments, notices, the current user). */
export const REALTIME_KEYS = {
  cases: ['cases'],
  comments: ['comments'],
  notices: ['notices'],
  currentUser: ['currentUser'],
  customer: ['customer'],
  /** The home dashboard (its latest cases, cases not downloaded, counts): features/home. */
  home: ['home'],
  /** The model builder's jobs and the report's share links (features/models). */
  models: ['models'],
} as const;

export interface HubHandlers {
  /** Every connection after the first (a reconnect): what was missed must be read again. */
  onReconnect(): void;
  /** A refused handshake (no or bad token): the caller may renew the session. */
  onRefused(): void;
}

/** Retry delays after the server refused or closed the connection (socket.io does not retry those by itself). */
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/**
 * One socket.io connection to the hub with the current access token (read again at every reconnect). socket.io
 * reconnects by itself after a network loss; a refusal or a server-side disconnect (token refused on renewal,
 * expired) is retried here with a backoff. Each renewed token is sent as `renew` {token}, verified again by the
 * server. Answers the socket and a function that closes it.
 */
export function openHub(handlers: HubHandlers): { socket: Socket; close: () => void } {
  const socket = io(baseUrlFor('push') || undefined, {
    path: HUB_PATH,
    auth: (cb) => cb({ token: getToken() ?? '' }),
    transports: ['websocket', 'polling'],
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 15_000,
  });
  let connectedBefore = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const retryLater = () => {
    clearTimeout(retry);
    if (closed || !getToken()) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures++;
    retry = setTimeout(() => {
      if (!closed && !socket.connected && getToken()) socket.connect();
    }, delay);
  };

  socket.on('connect', () => {
    failures = 0;
    if (connectedBefore) handlers.onReconnect();
    connectedBefore = true;
  });
  socket.on('connect_error', () => {
    // Refused by the server (token): socket.io stops; a network error keeps `active` and retries by itself.
    if (!socket.active) {
      handlers.onRefused();
      retryLater();
    }
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater();
  });

  const unsubscribe = subscribeToken(() => {
    const token = getToken();
    if (!token) socket.disconnect();
    else if (socket.connected) socket.emit('renew', { token });
    else if (!socket.active) socket.connect();
  });

  return {
    socket,
    close() {
      closed = true;
      clearTimeout(retry);
      unsubscribe();
      socket.disconnect();
    },
  };
}
