import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Lock, Locker, RequestRelease } from '@tus/server';

/** A 64-bit advisory-lock key for an upload id (the first 8 bytes of its sha256, signed). */
const keyOf = (id: string) => createHash('sha256').update(`tus:${id}`).digest().readBigInt64BE(0).toString();
const channelOf = (id: string) => `tus_${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;

/**
 * tus's lock, shared by every server process on one PostgreSQL database: a session advisory lock held on a connection
 * of its own for as long as the request writes. A request that wants a held lock asks its holder to let go (NOTIFY on
 * the upload's channel; the holder LISTENs and cancels its request, as tus asks), then retries until it gets the lock
 * or its own request is aborted.
 */
export class PgLocker implements Locker {
  constructor(
    private readonly databaseUrl: string,
    private readonly retryMs = 50,
  ) {}

  newLock(id: string): Lock {
    return new PgLock(this.databaseUrl, id, this.retryMs);
  }
}

class PgLock implements Lock {
  private client: pg.Client | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly id: string,
    private readonly retryMs: number,
  ) {}

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    client.on('error', () => undefined);
    const key = keyOf(this.id);
    const channel = channelOf(this.id);
    try {
      for (;;) {
        if (signal.aborted) throw new Error('lock request aborted');
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_try_advisory_lock($1::bigint) as ok',
          [key],
        );
        if (rows[0]?.ok) break;
        await client.query(`notify ${channel}`);
        await new Promise((r) => setTimeout(r, this.retryMs));
      }
      client.on('notification', (n) => {
        if (n.channel === channel) void cancelReq();
      });
      await client.query(`listen ${channel}`);
      this.client = client;
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // Closing the session releases the advisory lock and the LISTEN.
    await client.end().catch(() => undefined);
  }
}
