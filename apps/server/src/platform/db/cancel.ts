import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { ConnectionNames, namedArgs } from './preparing-client.ts';

/**
 * Guards of the pool (issue 35 "Guards"): a request's statements run under a statement timeout and are cancelled
 * when the request is abandoned or times out; work outside a request (migrations, jobs, imports, seeding) runs without
 * a timeout. The request side (Fastify's hooks) is `platform/request-guard.ts`; decisions: docs/decisions.md
 * "Statement and request timeouts".
 *
 * - A `RequestScope` is the database's view of one request, carried by an AsyncLocalStorage: open while the request
 *   is worked on, then answered (its answer is on its way: nothing is cancelled any more) or aborted (the client went
 *   away, or the request timed out).
 * - `cancellable(Base)` is the pool's connection class: a statement run in an open scope is registered with its
 *   connection; when the scope aborts, a CancelRequest (the protocol's, on a socket of its own, carrying the backend's
 *   pid and secret key) stops it in PostgreSQL. The statement's answer (error 57014) is handed on only once that
 *   request was delivered, so the connection never goes back to the pool with a cancel still on its way to it.
 * - The same class sets the connection's `statement_timeout`: the pool starts each connection with the request
 *   timeout, and a statement outside any open scope first switches its (idle) connection to none, and back.
 * - `scopedPool(Base)`: a pool whose waiting for a connection ends when the scope aborts (the statement never runs),
 *   and whose callbacks run in the caller's scope (pg-pool calls them from whoever released the connection).
 */

/** SQLSTATE query_canceled: a statement timeout, a cancel request, or a statement never run for an aborted request. */
export const QUERY_CANCELED = '57014';

/** Why a scope was aborted. */
export type AbortReason = 'abandoned' | 'timeout';

/** Thrown for a statement an aborted request would have run: never sent to the database. */
export class RequestAborted extends Error {
  readonly code = QUERY_CANCELED;
  readonly severity = 'ERROR';
  constructor(readonly reason: AbortReason) {
    super(
      reason === 'abandoned'
        ? 'statement not run: its request was abandoned by the client'
        : 'statement not run: its request timed out',
    );
    this.name = 'RequestAborted';
  }
}

type Running = { cancel(): void };

export class RequestScope {
  #state: 'open' | 'answered' | 'aborted' = 'open';
  #reason: AbortReason | undefined;
  readonly #running = new Set<Running>();
  readonly #onAbort = new Set<() => void>();

  /** Open: statements register and get the request timeout. */
  get open(): boolean {
    return this.#state === 'open';
  }
  get aborted(): AbortReason | undefined {
    return this.#reason;
  }

  /** The answer is on its way: whatever runs from now on (a job woken by the request) is not the request's. */
  answered(): void {
    if (this.#state === 'open') this.#state = 'answered';
    this.#running.clear();
    this.#onAbort.clear();
  }

  /** The client went away, or the request timed out: its running statements are cancelled, no new one starts. */
  abort(reason: AbortReason): void {
    if (this.#state !== 'open') return;
    this.#state = 'aborted';
    this.#reason = reason;
    for (const r of [...this.#running]) r.cancel();
    for (const f of [...this.#onAbort]) f();
    this.#running.clear();
    this.#onAbort.clear();
  }

  /** @internal the connection's side */
  register(r: Running): void {
    this.#running.add(r);
  }
  /** @internal the connection's side */
  unregister(r: Running): void {
    this.#running.delete(r);
  }
  /** @internal the pool's side */
  onAbort(f: () => void): () => void {
    this.#onAbort.add(f);
    return () => this.#onAbort.delete(f);
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (and what it starts) in `scope`. */
export const runInScope = <T>(scope: RequestScope, fn: () => T): T => scopes.run(scope, fn);

/** The scope of the code running now, if any (open, answered or aborted). */
export const currentScope = (): RequestScope | undefined => scopes.getStore();

/**
 * `fn` bound to no request: a background loop a request wakes (the scan queue, the mail outbox) must not inherit the
 * request's statement timeout, nor be cancelled with it.
 */
export function detached<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => scopes.exit(() => fn(...args));
}

/**
 * `fn` as a request of its own: its statements keep the requests' statement timeout (no switch of the connection's),
 * but no caller's abort cancels them. For short work several requests share (the audit rows of reads, batched).
 */
export function apart<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => scopes.run(new RequestScope(), () => fn(...args));
}

/** Transaction control is never cancelled: a failed BEGIN would leave drizzle's transaction without its release. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set|reset|end|abort)\b/i;

const textOf = (config: unknown): string | undefined =>
  typeof config === 'string'
    ? config
    : typeof (config as { text?: unknown } | null)?.text === 'string'
      ? (config as { text: string }).text
      : undefined;

/** How long a cancel request may take before the statement's answer is handed on anyway. */
const CANCEL_DELIVERY_MS = 5_000;
/** A statement still running after its cancel was delivered (it had not started yet) is cancelled again. */
const CANCEL_RETRY_MS = 100;
const CANCEL_ATTEMPTS = 30;

interface ClientInternals {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
  /** The last ReadyForQuery's transaction status: 'I' idle, 'T' in a transaction, 'E' in a failed one. */
  _txStatus?: string | null;
}

/** What node-postgres' Connection offers (its types leave these out). */
interface CancelConnection {
  stream: { destroy(): void };
  on(event: 'error', f: () => void): void;
  once(event: 'end' | 'connect', f: () => void): void;
  connect(portOrPath: number | string, host?: string): void;
  cancel(pid: number, secret: number): void;
}

/**
 * Sends the protocol's CancelRequest for the backend `pid`/`secret` (plain TCP or the Unix socket: PostgreSQL reads
 * cancel requests before any authentication or TLS). Resolves once the server closed that socket (it has signalled
 * the backend), on an error, or after CANCEL_DELIVERY_MS.
 */
export function sendCancel(host: string, port: number, pid: number, secret: number): Promise<void> {
  return new Promise((resolve) => {
    const con = new pg.Connection() as unknown as CancelConnection;
    const done = () => {
      clearTimeout(limit);
      con.stream.destroy();
      resolve();
    };
    const limit = setTimeout(done, CANCEL_DELIVERY_MS);
    limit.unref();
    con.on('error', done);
    con.once('end', done);
    con.once('connect', () => con.cancel(pid, secret));
    if (host.startsWith('/')) con.connect(`${host}/.s.PGSQL.${port}`);
    else con.connect(port, host);
  });
}

/** A statement of an open scope, as its scope sees it: cancelled when the scope aborts. */
class Statement implements Running {
  done = false;
  constructor(
    readonly client: { cancelStatement(s: Statement): void },
    readonly scope: RequestScope,
  ) {}
  cancel(): void {
    this.client.cancelStatement(this);
  }
  /** The statement's answer has come: its scope forgets it. */
  end(): void {
    this.done = true;
    this.scope.unregister(this);
  }
}

export interface PoolConnectionOptions {
  /** 0: no timeout (statements are still cancelled with their request). */
  statementTimeoutMs: number;
  /** Named (prepared) statements per connection at most (preparing-client.ts). */
  preparedPerConnection: number;
  /** Told of every statement the database or the driver refused (the caller still gets the error). */
  onError?: (err: unknown) => void;
}

/**
 * The pool's connection class, one `query` doing in one pass what each statement needs (issue 35: one wrapper per
 * statement, not three):
 * - a parameterized statement is prepared under its text's name (preparing-client.ts);
 * - the statement timeout per kind of work, and the statements of an aborted request cancelled (this file's comment);
 * - every statement the database or the driver refused is told to `onError` (metrics); a submittable (COPY, cursors)
 *   reports its own errors and is not counted.
 */
export function poolConnection(opts: PoolConnectionOptions): typeof pg.Client {
  const { statementTimeoutMs, onError } = opts;
  const countErrors = onError
    ? (err: unknown) => {
        if (err) onError(err);
      }
    : undefined;
  // Not named …Pool…: drizzle takes a client whose class name holds "Pool" for a pool (node-postgres/session.js).
  return class DatabaseConnection extends pg.Client {
    readonly #names = new ConnectionNames(opts.preparedPerConnection);
    /** The session's statement_timeout as this connection last set it (the pool's start-up option: the request one). */
    #timeout: number | undefined = statementTimeoutMs;
    /** The cancel request on its way, if any: answers wait for it. */
    #cancelling: Promise<void> | undefined;
    /** Ends the wait between two cancel requests once the statement has ended. */
    #ended: (() => void) | undefined;

    /** Sets the session's statement_timeout first when it differs and the connection is idle (not in a transaction). */
    #switchTimeout(wanted: number): Promise<void> | undefined {
      if (!statementTimeoutMs || this.#timeout === wanted) return undefined;
      const self = this as unknown as ClientInternals;
      if ((self._txStatus ?? 'I') !== 'I') return undefined;
      this.#timeout = wanted;
      return (super.query as (text: string) => Promise<unknown>)
        .call(this, `set statement_timeout = ${wanted}`)
        .then(
          () => undefined,
          () => void (this.#timeout = undefined),
        );
    }

    /** @internal a statement's scope aborted */
    cancelStatement(statement: Statement): void {
      const self = this as unknown as ClientInternals;
      if (self.processID == null || self.secretKey == null) return;
      const { host, port, processID, secretKey } = self;
      const attempt = async () => {
        for (let i = 0; i < CANCEL_ATTEMPTS && !statement.done; i++) {
          await sendCancel(host, port, processID, secretKey);
          if (statement.done) return;
          // Until the next try, or the statement's end (then its answer need not wait).
          await new Promise<void>((r) => {
            const retry = setTimeout(r, CANCEL_RETRY_MS);
            retry.unref();
            this.#ended = () => {
              clearTimeout(retry);
              r();
            };
          });
          this.#ended = undefined;
        }
      };
      this.#cancelling = attempt().finally(() => (this.#cancelling = undefined));
    }

    /** Hands an answer on once no cancel request is on its way (see the file's comment). */
    #after(deliver: () => void): void {
      this.#ended?.();
      const pending = this.#cancelling;
      if (pending) void pending.then(deliver);
      else deliver();
    }

    override query(...args: unknown[]): never {
      const scope = scopes.getStore();
      const open = scope?.open ? scope : undefined;
      const switching = this.#switchTimeout(open ? statementTimeoutMs : 0);
      if (!switching) return this.#run(open, args);
      // The caller's statement follows the SET (never queued behind it: node-postgres deprecates a second query
      // while one runs); a submittable (COPY, a cursor) is its own result.
      const config = args[0];
      const callback = args[args.length - 1];
      const later = switching.then(() => this.#run(open, args) as unknown);
      const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
      if (!submittable && typeof callback !== 'function') return later as never;
      later.catch(() => undefined); // its errors reach the callback or the submittable's listeners
      return (submittable ? config : undefined) as never;
    }

    #run(scope: RequestScope | undefined, args: unknown[]): never {
      // (An abort during the SET before it: that statement runs, cut by the statement timeout at worst.)
      const open = scope?.open ? scope : undefined;
      const config = args[0];
      if (typeof (config as { submit?: unknown } | null)?.submit === 'function')
        return (super.query as (...a: unknown[]) => never).apply(this, args);
      const text = textOf(config);
      namedArgs(args, this.#names);
      const statement =
        open && text !== undefined && !CONTROL.test(text) ? new Statement(this, open) : undefined;
      if (statement) open!.register(statement);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        if (statement || countErrors)
          args[last] = (err: unknown, result: unknown) => {
            countErrors?.(err);
            if (!statement) return (callback as (e: unknown, r: unknown) => unknown)(err, result);
            statement.end();
            this.#after(() => (callback as (e: unknown, r: unknown) => unknown)(err, result));
          };
        return (super.query as (...a: unknown[]) => never).apply(this, args);
      }
      const result = (super.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if (!statement) {
        if (countErrors) result.catch(countErrors);
        return result as never;
      }
      return new Promise((resolve, reject) => {
        result.then(
          (value) => {
            statement.end();
            this.#after(() => resolve(value));
          },
          (err: unknown) => {
            countErrors?.(err);
            statement.end();
            this.#after(() => reject(err));
          },
        );
      }) as never;
    }
  };
}

/**
 * `callback` run in `scope` (none: outside any), wherever it is called from. Only this file's store matters to the
 * pool's callers, so this is `scopes.run`, not `AsyncLocalStorage.bind` (an AsyncResource per call, with its
 * property definitions: ~2 % of the server's CPU under load, issue 35).
 */
function inScope(scope: RequestScope | undefined, callback: ConnectCallback): ConnectCallback {
  return scope
    ? (err, client, release) => scopes.run(scope, callback, err, client, release)
    : (err, client, release) => scopes.exit(callback, err, client, release);
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (release?: unknown) => void,
) => void;
const noRelease = () => undefined;

/**
 * A pool whose `connect` (and so `query`) belongs to the caller's request: in an aborted scope it refuses at once
 * (RequestAborted), a wait for a free connection ends when the scope aborts (the connection, when it comes, goes
 * straight back), and its callback runs in the caller's async context.
 */
export function scopedPool(Base: typeof pg.Pool): typeof pg.Pool {
  class ScopedPool extends Base {
    override connect(cb?: ConnectCallback): never {
      const scope = scopes.getStore();
      const connect = (super.connect as (cb: ConnectCallback) => void).bind(this);
      const run = (callback: ConnectCallback) => {
        if (!scope?.open) {
          if (scope?.aborted) return callback(new RequestAborted(scope.aborted), undefined, noRelease);
          return connect(inScope(scope, callback));
        }
        let settled = false;
        const stop = scope.onAbort(() => {
          if (settled) return;
          settled = true;
          callback(new RequestAborted(scope.aborted ?? 'abandoned'), undefined, noRelease);
        });
        connect(
          inScope(scope, (err, client, release) => {
            stop();
            if (settled) return release();
            settled = true;
            callback(err, client, release);
          }),
        );
      };
      if (cb) return run(cb) as never;
      return new Promise<pg.PoolClient>((resolve, reject) =>
        run((err, client) => (err ? reject(err) : resolve(client!))),
      ) as never;
    }
  }
  return ScopedPool as unknown as typeof pg.Pool;
}
