import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Lock, Locker, RequestRelease } from '@tus/server';

/** A 64-bit advisory-lock key for an upload id (the first 8 bytes of its sha256, signed). */
const keyOf = (id: string) => createHash('sha256').update(`tus:${id}`).digest().readBigInt64BE(0).toString();
const channelOf = (id: string) => `tus_${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;

export interface PgLockerOptions {
  /** How long a request that wants a held lock waits before it asks again. */
  retryMs?: number;
  /** Sessions kept open between locks, for the next PATCH (a new session costs a connection and its sign-in). */
  maxIdle?: number;
  /** An idle session is closed after this long. */
  idleMs?: number;
}

/**
 * tus's lock, shared by every server process on one PostgreSQL database: a session advisory lock held on a connection
 * of its own for as long as the request writes. A request that wants a held lock asks its holder to let go (NOTIFY on
 * the upload's channel; the holder LISTENs and cancels its request, as tus asks), then retries until it gets the lock
 * or its own request is aborted.
 *
 * The sessions are kept for the next lock (at most `maxIdle`, each for `idleMs`): one PATCH of a few MB would
 * otherwise pay a new connection, its sign-in and a new PostgreSQL backend. Given back, a session lets go of every
 * advisory lock and every LISTEN it holds first; one that fails to is closed (which releases them as well).
 */
export class PgLocker implements Locker {
  private readonly idle: { client: pg.Client; timer: NodeJS.Timeout }[] = [];
  private closed = false;
  private readonly retryMs: number;
  private readonly maxIdle: number;
  private readonly idleMs: number;

  constructor(
    private readonly databaseUrl: string,
    opts: PgLockerOptions = {},
  ) {
    this.retryMs = opts.retryMs ?? 50;
    this.maxIdle = opts.maxIdle ?? 8;
    this.idleMs = opts.idleMs ?? 10_000;
  }

  newLock(id: string): Lock {
    return new PgLock(this, id, this.retryMs);
  }

  /** An idle session (`kept`), or a new one. */
  async session(fresh = false): Promise<{ client: pg.Client; kept: boolean }> {
    const kept = fresh ? undefined : this.idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      return { client: kept.client, kept: true };
    }
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    return { client, kept: false };
  }

  /** Takes a session back: kept when it is `clean` (holds no lock, listens to nothing) and there is room. */
  giveBack(client: pg.Client, clean: boolean): void {
    if (!clean || this.closed || this.idle.length >= this.maxIdle) {
      void client.end().catch(() => undefined);
      return;
    }
    const entry = {
      client,
      timer: setTimeout(() => {
        const at = this.idle.indexOf(entry);
        if (at >= 0) this.idle.splice(at, 1);
        void client.end().catch(() => undefined);
      }, this.idleMs).unref(),
    };
    this.idle.push(entry);
  }

  /** How many sessions wait for the next lock (tests). */
  get idleSessions(): number {
    return this.idle.length;
  }

  /** Closes the idle sessions; sessions given back afterwards are closed at once. */
  async close(): Promise<void> {
    this.closed = true;
    const all = this.idle.splice(0);
    await Promise.all(
      all.map(({ client, timer }) => {
        clearTimeout(timer);
        return client.end().catch(() => undefined);
      }),
    );
  }
}

class PgLock implements Lock {
  private held: { client: pg.Client; onNotice: (n: pg.Notification) => void } | undefined;

  constructor(
    private readonly locker: PgLocker,
    private readonly id: string,
    private readonly retryMs: number,
  ) {}

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    const key = keyOf(this.id);
    const tryLock = (c: pg.Client) =>
      c
        .query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key])
        .then((r) => r.rows[0]?.ok);
    let { client, kept } = await this.locker.session();
    const channel = channelOf(this.id);
    let locked = false;
    let gaveUp = false;
    const onNotice = (n: pg.Notification) => {
      if (n.channel === channel) void cancelReq();
    };
    try {
      for (;;) {
        if (signal.aborted) {
          gaveUp = true;
          throw new Error('lock request aborted');
        }
        let ok: boolean | undefined;
        try {
          ok = await tryLock(client);
        } catch (err) {
          // A kept session may have been lost meanwhile (the database restarted): once more on a new one.
          if (!kept) throw err;
          this.locker.giveBack(client, false);
          ({ client, kept } = await this.locker.session(true));
          continue;
        }
        if (ok) break;
        await client.query(`notify ${channel}`);
        await new Promise((r) => setTimeout(r, this.retryMs));
      }
      locked = true;
      client.on('notification', onNotice);
      await client.query(`listen ${channel}`);
      this.held = { client, onNotice };
    } catch (err) {
      client.off('notification', onNotice);
      // Given up while waiting, the session is as it was taken; after any failure it is closed.
      this.locker.giveBack(client, !locked && gaveUp);
      throw err;
    }
  }

  async unlock(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    held.client.off('notification', held.onNotice);
    try {
      await held.client.query('select pg_advisory_unlock_all(); unlisten *');
      this.locker.giveBack(held.client, true);
    } catch {
      // Closing the session releases the advisory lock and the LISTEN.
      this.locker.giveBack(held.client, false);
    }
  }
}
