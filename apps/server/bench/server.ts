/**
 * The server under test, in its own process so the load generator does not share its event loop:
 * buildApp(loadConfig(env)) listening on 127.0.0.1 at a random port, reported to the parent over IPC.
 *
 * On PostgreSQL it can record the SQL that one request runs (`{capture: true}` … `{capture: false}`), so the
 * benchmark explains exactly what the server sends, whatever shape the repositories have today.
 * Compiled (apps/server/build.mjs makes it dist/bench-server.js, next to dist/app.js and dist/config.js) it loads the
 * compiled server; run as TypeScript (through tsx) it loads the sources, this checkout's or BENCH_SERVER_SRC's: another
 * checkout's `apps/server/src/` (to measure an earlier commit).
 */
import { createRequire } from 'node:module';

interface Captured {
  text: string;
  values: unknown[];
}

const compiled = import.meta.url.endsWith('.js');
const src = compiled
  ? new URL('./', import.meta.url).pathname
  : (process.env.BENCH_SERVER_SRC ?? new URL('../src/', import.meta.url).pathname);
const ext = compiled ? 'js' : 'ts';
const send = (m: unknown) => process.send!(m);

async function main() {
  let capturing = false;
  const captured: Captured[] = [];
  // The pg module the server resolves (a checkout elsewhere may have its own node_modules).
  const pg = createRequire(`${src}app.${ext}`)('pg') as typeof import('pg');
  type QueryFn = (...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (capturing) {
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof config === 'string' ? config : config.text;
      const vals = Array.isArray(values) ? values : typeof config === 'object' ? (config.values ?? []) : [];
      captured.push({
        text,
        values: vals.map((v) => (v instanceof Date ? v.toISOString() : v)),
      });
    }
    return original.apply(this, args);
  };

  const { buildApp } = (await import(`${src}app.${ext}`)) as typeof import('../src/app.ts');
  const { loadConfig } = (await import(`${src}config.${ext}`)) as typeof import('../src/config.ts');
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.on('message', (m: { capture?: boolean; close?: boolean; cpu?: boolean }) => {
    if (m.cpu) {
      const u = process.cpuUsage();
      send({ cpuMs: (u.user + u.system) / 1000 });
    } else if (m.capture === true) {
      captured.length = 0;
      capturing = true;
    } else if (m.capture === false) {
      capturing = false;
      send({ captured: captured.splice(0) });
    } else if (m.close) {
      void app.close().then(() => process.exit(0));
    }
  });
  send({ port: typeof address === 'object' && address ? address.port : 0 });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
