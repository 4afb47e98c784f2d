import type { Readable, Writable } from 'node:stream';
import type pg from 'pg';

/**
 * `COPY … TO STDOUT` and `COPY … FROM STDIN` on a node-postgres client, without `pg-copy-streams`: node-postgres
 * hands a query object that has `submit(connection)` the protocol's copy messages (copyData, copyInResponse,
 * commandComplete, readyForQuery, error), which is all COPY needs. Both directions keep back-pressure: the socket is
 * paused while the file cannot take more, and the file is read only as fast as the socket takes it.
 */
interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(msg: string): void;
  stream: { pause(): void; resume(): void; writableNeedDrain: boolean; once(e: string, f: () => void): void };
}

abstract class CopySubmittable {
  protected connection: Connection | undefined;
  protected failed: Error | undefined;
  readonly done: Promise<number>;
  protected resolve!: (rows: number) => void;
  protected reject!: (err: Error) => void;
  protected rows = 0;
  constructor(readonly text: string) {
    this.done = new Promise((res, rej) => {
      this.resolve = res;
      this.reject = rej;
    });
  }
  submit(connection: Connection): void {
    this.connection = connection;
    connection.query(this.text);
  }
  handleCommandComplete(msg: { text?: string }): void {
    const m = /(\d+)$/.exec(msg.text ?? '');
    if (m) this.rows = Number(m[1]);
  }
  handleReadyForQuery(): void {
    if (this.failed) this.reject(this.failed);
    else this.resolve(this.rows);
  }
  handleError(err: Error): void {
    this.failed ??= err;
    // node-postgres forgets the active query on an error message; readyForQuery then arrives for nobody.
    this.reject(this.failed);
  }
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleEmptyQuery(): void {}
  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail('not a COPY FROM');
  }
  handleCopyData(_msg: { chunk: Buffer }, _connection: Connection): void {}
}

class CopyOut extends CopySubmittable {
  constructor(
    text: string,
    private readonly out: Writable,
  ) {
    super(text);
  }
  private paused = false;
  private readonly resume = () => {
    if (!this.paused) return;
    this.paused = false;
    this.out.removeListener('drain', this.resume);
    this.connection?.stream.resume();
  };
  override handleCopyData(msg: { chunk: Buffer }, connection: Connection): void {
    // The chunk is a view on node-postgres' read buffer, which it reuses for the next bytes from the socket: copy it
    // before a stream keeps it. Messages already read still arrive while the socket is paused: one drain listener.
    if (!this.out.write(Buffer.from(msg.chunk)) && !this.paused) {
      this.paused = true;
      connection.stream.pause();
      this.out.once('drain', this.resume);
    }
  }
  // The end of the COPY may arrive in the same read as its last rows, while the socket is paused: resume it now (an
  // ended stream emits no 'drain'), or the connection's next query would never be answered.
  override handleReadyForQuery(): void {
    this.resume();
    super.handleReadyForQuery();
  }
  override handleError(err: Error): void {
    this.resume();
    super.handleError(err);
  }
}

class CopyIn extends CopySubmittable {
  constructor(
    text: string,
    private readonly source: Readable,
  ) {
    super(text);
  }
  override handleCopyInResponse(connection: Connection): void {
    void (async () => {
      try {
        for await (const chunk of this.source) {
          if (this.failed) return;
          connection.sendCopyFromChunk(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
          if (connection.stream.writableNeedDrain)
            await new Promise<void>((r) => connection.stream.once('drain', r));
        }
        connection.endCopyFrom();
      } catch (err) {
        this.failed ??= err as Error;
        connection.sendCopyFail(`reading the backup failed: ${(err as Error).message}`);
      }
    })();
  }
}

/** Streams `COPY (…) TO STDOUT` into `out` (not ended here). Answers the number of rows. */
export async function copyOut(
  client: pg.Client | pg.PoolClient,
  text: string,
  out: Writable,
): Promise<number> {
  const q = new CopyOut(text, out);
  void (client as unknown as { query(q: unknown): void }).query(q);
  return q.done;
}

/** Streams `source` into `COPY … FROM STDIN`. Answers the number of rows. */
export async function copyIn(
  client: pg.Client | pg.PoolClient,
  text: string,
  source: Readable,
): Promise<number> {
  const q = new CopyIn(text, source);
  void (client as unknown as { query(q: unknown): void }).query(q);
  return q.done;
}
