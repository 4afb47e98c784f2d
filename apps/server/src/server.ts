import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedPostgresError } from './platform/db/embedded.ts';
import { stopEverything } from './platform/lifecycle.ts';

/** How long a stop lets requests and uploads in flight finish before it cuts their connections. */
const DRAIN_MS = 10_000;
/** A stop that has not ended by then exits anyway, after stopping the embedded database. */
const STOP_LIMIT_MS = 25_000;

/**
 * Listen, and stop cleanly at any moment: a SIGTERM or Ctrl-C during start-up stops what was started (the embedded
 * PostgreSQL); once running, it stops taking requests, lets those in flight (and tus uploads) finish for up to
 * DRAIN_MS, stops jobs and sockets, closes the database and stops the embedded PostgreSQL, then logs one line.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let app: FastifyInstance | undefined;
  let stopping: Promise<void> | undefined;
  // Once a stop has begun, what the parts say of their connections being closed is expected, not news: the stop
  // says one line of its own. (Errors before that are written as usual.)
  let quiet = false;
  const logOut = {
    isTTY: process.stdout.isTTY,
    write: (chunk: string) => quiet || process.stdout.write(chunk),
  };
  const say = (line: string) =>
    process.stdout.write(
      logOut.isTTY
        ? `${line}\n`
        : `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: line })}\n`,
    );
  const stop = (signal: NodeJS.Signals) =>
    (stopping ??= (async () => {
      const began = Date.now();
      // During start-up nothing is serving yet: what is being built is stopped under it, without its complaints.
      if (!app) quiet = true;
      const limit = setTimeout(() => {
        process.stderr.write(`Archway did not stop within ${STOP_LIMIT_MS / 1000} s; exiting anyway\n`);
        void stopEverything().finally(() => process.exit(1));
      }, STOP_LIMIT_MS);
      limit.unref();
      let cut = 0;
      if (app) {
        const running = app;
        // Idle keep-alive connections close at once (Fastify's default); busy ones get DRAIN_MS to finish.
        const drain = setTimeout(() => {
          running.server.getConnections((_err, open) => (cut = open));
          running.server.closeAllConnections();
        }, DRAIN_MS);
        drain.unref();
        // A keep-alive connection whose request ends meanwhile is closed as soon as it is idle.
        const idle = setInterval(() => running.server.closeIdleConnections(), 100);
        await running.close().catch((err: unknown) => running.log.error({ err }, 'stop failed'));
        clearTimeout(drain);
        clearInterval(idle);
      }
      quiet = true;
      await stopEverything();
      const during = app ? '' : ' during start-up';
      const cutNote = cut ? `, ${cut} connection(s) cut after ${DRAIN_MS / 1000} s` : '';
      say(`Archway stopped (${signal})${during} in ${Date.now() - began} ms${cutNote}`);
      process.exit(0);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));

  try {
    app = await buildApp(config, { logOut });
  } catch (err) {
    if (stopping) return; // a stop during start-up: its own error, not the start's
    // The embedded database's refusals (data directory in use, a failed import, …) say what to do: no stack trace.
    if (err instanceof EmbeddedPostgresError) {
      process.stderr.write(`Archway did not start: ${err.message}\n`);
      await stopEverything();
      process.exit(1);
    }
    await stopEverything();
    throw err;
  }
  if (stopping) {
    // The signal came while buildApp was finishing: close what it built too.
    await app.close().catch(() => undefined);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Archway is at ${config.publicUrl}/v5/ (API description at ${config.publicUrl}/docs)`);
}

void main();
