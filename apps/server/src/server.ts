import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedPostgresError } from './platform/db/embedded.ts';

/** Listen and shut down gracefully; everything else is in buildApp. */
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
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    // The embedded database's refusals (data directory in use, a failed import, …) say what to do: no stack trace.
    if (err instanceof EmbeddedPostgresError) {
      process.stderr.write(`Archway did not start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let closing = false;
  const running = app;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      running.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      running.close().then(
        () => process.exit(0),
        (err) => {
          running.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Archway is at ${config.publicUrl}/v5/ (API description at ${config.publicUrl}/docs)`);
}

void main();
