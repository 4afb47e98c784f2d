import { Readable, Writable } from 'node:stream';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/test-db.ts';
import { copyIn, copyOut } from './pg-copy.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function client() {
  const db = await testDatabase('empty');
  cleanups.push(() => db.drop());
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  cleanups.push(() => c.end());
  return c;
}

/** A file that takes bytes slowly (a small buffer, each write done a turn later): COPY must wait for it. */
function slowSink() {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      setImmediate(cb);
    },
  });
  return { sink, text: () => Buffer.concat(chunks).toString() };
}

describe('COPY through node-postgres', () => {
  it('streams out with back-pressure, and the connection answers the next query after a COPY ended while paused', async () => {
    const c = await client();
    for (let round = 0; round < 3; round++) {
      const { sink, text } = slowSink();
      const rows = await copyOut(
        c,
        `copy (select i, repeat('x', 200) from generate_series(1, 5000) i) to stdout`,
        sink,
      );
      expect(rows).toBe(5000);
      // Ended at once, as the backup does with its gzip stream: an ending stream emits no 'drain'.
      await new Promise<void>((resolve) => sink.end(resolve));
      const expected = Array.from({ length: 5000 }, (_, i) => `${i + 1}\t${'x'.repeat(200)}\n`).join('');
      expect(text() === expected, 'every byte as the server sent it').toBe(true);
      const next = await Promise.race([
        c.query<{ n: number }>('select 1 as n'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the connection hangs')), 5000)),
      ]);
      expect(next.rows).toEqual([{ n: 1 }]);
    }
  });

  it('streams in, and reports an error of the server', async () => {
    const c = await client();
    await c.query('create table t (i int primary key, s text)');
    const lines = Array.from({ length: 3000 }, (_, i) => `${i}\tline ${i}\n`);
    expect(await copyIn(c, 'copy t (i, s) from stdin', Readable.from(lines.map((l) => Buffer.from(l))))).toBe(
      3000,
    );
    expect((await c.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3000 }]);
    await expect(
      copyIn(c, 'copy t (i, s) from stdin', Readable.from([Buffer.from('1\tagain\n')])),
    ).rejects.toThrow(/duplicate key/);
    expect((await c.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });
});
