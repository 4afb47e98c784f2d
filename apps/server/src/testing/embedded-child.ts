/**
 * A process of its own for the embedded engine's tests (platform/db/embedded.test.ts):
 *   node --import tsx embedded-child.ts <dataDir> write   starts the data directory's PostgreSQL, then inserts rows,
 *                                                          printing `acked <n>` after each commit, until killed
 *   node --import tsx embedded-child.ts <dataDir> start   tries to start it and prints `started` or `refused: …`
 */
import pg from 'pg';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '../platform/db/embedded.ts';

const [dataDir, mode] = process.argv.slice(2) as [string, string];
try {
  const embedded = await startEmbeddedPostgres({ dataDir });
  if (mode === 'start') {
    process.stdout.write('started\n');
    await embedded.stop();
  } else {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query('create table if not exists acked (n int primary key)');
    for (let n = 1; ; n++) {
      await client.query('insert into acked values ($1)', [n]);
      process.stdout.write(`acked ${n}\n`);
    }
  }
} catch (err) {
  if (!(err instanceof EmbeddedPostgresError)) throw err;
  process.stdout.write(`refused: ${err.message}\n`);
}
