/**
 * The bare baseline of `npm run bench:api` (issue 35): a minimal Fastify + node-postgres server that answers the
 * benchmark's calls by running exactly the SQL Archway ran for them, captured from the Archway server of the same
 * run (bench/server.ts records every statement one request sends), with the same parameters, on the same database,
 * with the same pool (10 connections, `jit=off`, generic plans, each parameterized statement prepared once per
 * connection under a name). What it leaves out is Archway itself: its hooks, checks, repositories, drizzle,
 * presenters and serializers. The token check is a string comparison (Archway remembers verified tokens, so a
 * repeated token costs it a map look-up too); the actor look-up is among the replayed statements.
 *
 * Started by bench-api.ts with `fork` and told what to answer over IPC (`{ script }`); answers `{ port }`, then
 * `{ cpuMs }` for every `{ cpu: true }`; stops on `{ close: true }`. Every request checks out one connection and runs
 * its statements on it in order (BEGIN … COMMIT included), then answers `{ success, errorCode, errorMessage, data }`
 * with the rows of every statement that returned some.
 */
import Fastify from 'fastify';
import pg from 'pg';

export interface BaselineStatement {
  text: string;
  values: unknown[];
}

export interface BaselineCall {
  method: 'GET' | 'POST';
  /** The path the call is routed at (no query string). */
  url: string;
  /** Per request body (JSON text, '' for none): the statements Archway ran for it, in order. */
  variants: { body: string; statements: BaselineStatement[] }[];
}

export interface BaselineScript {
  token: string;
  calls: BaselineCall[];
}

const send = (m: unknown) => process.send!(m);

async function serve(script: BaselineScript) {
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.BASELINE_POOL ?? 10),
    options: '-c jit=off -c plan_cache_mode=force_generic_plan',
  });
  pool.on('error', () => undefined);
  // Each parameterized text gets a statement name once, here (not per request).
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `b${names.size + 1}`));
    return name;
  };
  const app = Fastify({ logger: false });
  // Calls on one route (the case box with and without a keyword) share it: the body picks the statements.
  const routes = new Map<string, BaselineCall>();
  for (const call of script.calls) {
    const key = `${call.method} ${call.url}`;
    const known = routes.get(key);
    routes.set(key, known ? { ...known, variants: [...known.variants, ...call.variants] } : call);
  }
  for (const call of routes.values()) {
    const byBody = new Map(
      call.variants.map((v) => [
        v.body,
        v.statements.map((s) =>
          s.values.length ? { name: nameOf(s.text), text: s.text, values: s.values } : { text: s.text },
        ),
      ]),
    );
    const first = byBody.values().next().value!;
    app.route({
      method: call.method,
      url: call.url,
      handler: async (req, reply) => {
        if (req.headers.authorization !== `Bearer ${script.token}`) {
          void reply.code(401);
          return { success: false, errorCode: 401, errorMessage: 'session expired', data: null };
        }
        const statements = byBody.get(req.body === undefined ? '' : JSON.stringify(req.body)) ?? first;
        const client = await pool.connect();
        try {
          const data: unknown[] = [];
          for (const s of statements) {
            const res = await client.query(s);
            if (res.rows?.length) data.push(res.rows);
          }
          return { success: true, errorCode: 0, errorMessage: '', data };
        } finally {
          client.release();
        }
      },
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  send({ port: typeof address === 'object' && address ? address.port : 0 });
  return async () => {
    await app.close();
    await pool.end();
  };
}

let close: (() => Promise<void>) | undefined;
process.on('message', (m: { script?: BaselineScript; cpu?: boolean; close?: boolean }) => {
  if (m.script)
    serve(m.script).then(
      (c) => (close = c),
      (err: unknown) => {
        process.stderr.write(`baseline server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
        process.exit(1);
      },
    );
  else if (m.cpu) {
    const u = process.cpuUsage();
    send({ cpuMs: (u.user + u.system) / 1000 });
  } else if (m.close) void (close?.() ?? Promise.resolve()).finally(() => process.exit(0));
});
