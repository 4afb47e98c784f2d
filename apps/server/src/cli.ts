import { ConfigError, loadConfig, type Config } from './config.ts';
import { EmbeddedPostgresError, runningEmbedded, startEmbeddedPostgres } from './platform/db/embedded.ts';
import { restrictUmask } from './platform/private-files.ts';

/**
 * What Archway's commands (`admin:create`, `backup`, `restore`) share: their output, their refusals (a line on stderr
 * and an exit code; the caller returns, so what it opened closes properly), the server's configuration, and the
 * database the environment names.
 */
export const out = (line: string) => process.stdout.write(`${line}\n`);
export const fail = (line: string, code: number): void => {
  process.stderr.write(`${line}\n`);
  process.exitCode = code;
};
export const log = { info: out, warn: (m: string) => process.stderr.write(`${m}\n`) };

/** The server's configuration (exit 2 when it is bad); what the command writes is this user's only, as the server's. */
export function commandConfig(): Config | undefined {
  restrictUmask();
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return void fail(err.message, 2);
    throw err;
  }
}

/**
 * The database to use: DATABASE_URL's, else the embedded PostgreSQL of DATA_DIR (the running Archway's when
 * `reuseRunning` and one runs, else started for the command's time: `stop` stops it). Undefined (exit 1) when the
 * embedded one cannot start.
 */
export async function commandDatabase(
  config: Config,
  opts: { reuseRunning?: boolean } = {},
): Promise<{ url: string; stop?: () => Promise<void> } | undefined> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const running = opts.reuseRunning ? runningEmbedded(config.dataDir) : undefined;
  if (running) return { url: running.url };
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
    return { url: embedded.url, stop: () => embedded.stop() };
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) return void fail(err.message, 1);
    throw err;
  }
}
