import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { GenericErrors } from '@archway/contract';
import { actorOfClaims, type Actor, type ActorResolver } from '../auth.ts';
import { GRANT_CLAIM, type TokenService } from '../identity/tokens.ts';
import type { Realtime } from './realtime.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** The push service's path (calls-and-errors §7.3). */
export const HUB_PATH = '/hubs/notify';

export const userRoom = (userId: string) => `user:${userId}`;
export const orgRoom = (custId: string) => `cust:${custId}`;
/** The person's connections acting for one organization: closed together when the membership ends. */
export const memberRoom = (userId: string, custId: string) => `member:${userId}:${custId}`;
/** The connections made with the tokens of one OpenID grant (one sign-in): closed together when it is revoked. */
export const grantRoom = (grantId: string) => `grant:${grantId}`;

export interface HubOptions {
  tokens: TokenService;
  /** The same resolver the HTTP routes use (platform/auth.ts): ended sessions and deleted people are refused. */
  resolve: ActorResolver;
  /** Messages fan out to every server process through PostgreSQL's LISTEN/NOTIFY. */
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** The app's metrics: the open connections, read at scrape time. */
  metrics?: Metrics;
}

interface SocketData {
  actor: Actor;
  grantId?: string;
  expiry?: NodeJS.Timeout;
}

/** A token given as socket.io's `auth.token`, or (SignalR-style clients) the `access_token` query parameter. */
function handshakeToken(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const q = socket.handshake.query.access_token;
  return typeof q === 'string' && q ? q : undefined;
}

/** Verifies a token and resolves who it names; undefined for a missing, forged, expired or ended one. */
async function actorOf(opts: HubOptions, token: string | undefined) {
  if (!token) return undefined;
  try {
    const claims = await opts.tokens.verify(token);
    const actor = await actorOfClaims(opts.resolve, claims);
    return actor ? { actor, exp: claims.exp ?? 0, grantId: claims[GRANT_CLAIM] } : undefined;
  } catch (err) {
    opts.log.debug({ err }, 'realtime token refused');
    return undefined;
  }
}

/**
 * The socket joins its person's room, its organization's and its token's grant's; a renewed token may name another
 * organization or come from another sign-in (grant).
 */
function enter(socket: Socket, actor: Actor, exp: number, grantId: string | undefined) {
  const data = socket.data as SocketData;
  const previous = data.actor as Actor | undefined;
  if (previous?.custId && previous.custId !== actor.custId) {
    void socket.leave(orgRoom(previous.custId));
    void socket.leave(memberRoom(previous.userId, previous.custId));
  }
  if (data.grantId && data.grantId !== grantId) void socket.leave(grantRoom(data.grantId));
  data.actor = actor;
  data.grantId = grantId;
  void socket.join(userRoom(actor.userId));
  if (actor.custId) void socket.join([orgRoom(actor.custId), memberRoom(actor.userId, actor.custId)]);
  if (grantId) void socket.join(grantRoom(grantId));
  // The connection lives as long as its token: a client renews before expiry (event `renew`) or is disconnected.
  clearTimeout(data.expiry);
  const left = Math.max(0, exp * 1000 - Date.now());
  data.expiry = setTimeout(() => socket.disconnect(true), Math.min(left, 2 ** 31 - 1));
  data.expiry.unref();
}

/**
 * socket.io at `/hubs/notify` on Fastify's HTTP server. The handshake needs a valid access token (refused with
 * `generic.sessionExpired` otherwise); the client sends each renewed token as `renew` {token} (acknowledged
 * {ok}), which is verified again: a bad one, or one naming another person, disconnects. Rooms `user:<id>`,
 * `cust:<custId>` and `member:<id>:<custId>`. On PostgreSQL every process hears every announcement, and closes its
 * sockets of a room when any process disconnects it (@socket.io/postgres-adapter): a disabled person, organization
 * or membership, or a password reset, ends the connections at once (`Realtime.disconnect*`).
 */
export function attachHub(app: FastifyInstance, realtime: { attach(t: Realtime): void }, opts: HubOptions) {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 8 });
  // Once closing, the server ending our connections is expected (pg-pool's end() does not wait for them to close).
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) opts.log.warn({ err }, 'realtime database connection lost');
  });
  // The adapter keeps one connection checked out for LISTEN, which the pool's handler above does not cover: without
  // a listener of its own, its error (a database restart, a failover, an administrator ending sessions) would be an
  // uncaught exception that ends the process. The adapter reconnects on the connection's end but never gives the dead
  // one back, and the pool would wait for it forever when it closes: it is given back here (a connection already
  // back in the pool refuses a second release, which is fine).
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.log.warn({ err }, 'realtime database connection lost'));
    client.on('end', () => {
      try {
        (client as pg.PoolClient).release(new Error('connection ended'));
      } catch {
        // idle in the pool, or released already
      }
    });
  });
  const io = new Server(app.server, {
    path: HUB_PATH,
    serveClient: false,
    // Announcements are small (ids and kinds): the default 1 MB per message is far more than needed.
    maxHttpBufferSize: 64 * 1024,
    adapter: createAdapter(pool, {
      // Messages too large for NOTIFY go through `socket_io_attachments` (realtime.schema.ts); announcements
      // are small ids, so it stays empty, and its clean-up runs hourly.
      cleanupInterval: 3_600_000,
      errorHandler: (err: Error) => opts.log.warn({ err }, 'realtime fan-out failed'),
    }),
  });

  opts.metrics?.source('sockets', () => io.of('/').sockets.size);

  io.use((socket, next) => {
    actorOf(opts, handshakeToken(socket)).then(
      (found) => {
        if (!found) {
          const err = new Error('unauthorized') as Error & { data?: unknown };
          err.data = { key: GenericErrors.sessionExpired.key, code: GenericErrors.sessionExpired.code };
          return next(err);
        }
        enter(socket, found.actor, found.exp, found.grantId);
        next();
      },
      (err: unknown) => next(err instanceof Error ? err : new Error('unauthorized')),
    );
  });

  io.on('connection', (socket) => {
    // Checked once more now that the socket is in its rooms: an account, organization or membership ended between
    // the handshake's check and the join missed the disconnect broadcast, but not this read.
    const joined = (socket.data as SocketData).actor;
    void actorOf(opts, handshakeToken(socket)).then((found) => {
      if (!found || found.actor.userId !== joined.userId || found.actor.custId !== joined.custId)
        socket.disconnect(true);
    });
    socket.on('renew', (body: unknown, ack?: unknown) => {
      const token = (body as { token?: unknown } | null)?.token;
      void actorOf(opts, typeof token === 'string' ? token : undefined).then((found) => {
        const current = (socket.data as SocketData).actor;
        const ok = !!found && found.actor.userId === current.userId;
        if (typeof ack === 'function') (ack as (r: { ok: boolean }) => void)({ ok });
        if (ok) enter(socket, found.actor, found.exp, found.grantId);
        else socket.disconnect(true);
      });
    });
    socket.on('disconnect', () => clearTimeout((socket.data as SocketData).expiry));
  });

  // disconnectSockets goes through the adapter: every process closes its own sockets of the room. Not the
  // transport (`false`): the socket leaves every room at once and the client gets "io server disconnect", on which
  // it reconnects and reads everything again. A notice emitted just before may be lost: the adapter delivers
  // broadcasts after publishing them, a disconnect at once.
  const close = (room: string) => {
    try {
      io.in(room).disconnectSockets(false);
    } catch (err) {
      opts.log.warn({ err, room }, 'realtime disconnect failed');
    }
  };
  realtime.attach({
    toUser: (userId, event, data) => void io.to(userRoom(userId)).emit(event, data),
    toOrg: (custId, event, data) => void io.to(orgRoom(custId)).emit(event, data),
    disconnectUser: (userId) => close(userRoom(userId)),
    disconnectOrg: (custId) => close(orgRoom(custId)),
    disconnectMember: (userId, custId) => close(memberRoom(userId, custId)),
    disconnectGrant: (grantId) => close(grantRoom(grantId)),
  });

  // Before Fastify closes its server: connected sockets would keep it open.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await io.of('/').adapter.close();
    await pool?.end();
  });
  return io;
}
