import { parseArgs } from 'node:util';
import { consoleAdminBody } from '@archway/contract';
import { commandConfig, fail, out } from './cli.ts';
import { openDatabase } from './platform/db/client.ts';
import { EmbeddedPostgresError } from './platform/db/embedded.ts';
import { AppError } from './platform/errors.ts';
import { createFirstAdmin } from './modules/admin/admin-users.service.ts';

/**
 * `npm run admin:create -w @archway/server -- --username NAME --email E [--password PW]`: the first platform
 * administrator of a fresh installation (one without the demo data). It reads the same environment as the server
 * (DATABASE_URL, or DATA_DIR for the embedded database: stop the server first, the data directory is one process's), applies the
 * migrations, and creates the account only when no administrator exists yet; otherwise it changes nothing and says
 * to use /manager → Administrators. Without `--password` the password is read from the first line of standard input
 * (so it stays out of the shell history). Exit codes: 0 created, 1 refused, 2 bad input or configuration.
 */

async function readStdinLine(): Promise<string> {
  if (process.stdin.isTTY) process.stdout.write('Password: ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (err) {
    return fail(
      `${(err as Error).message}\nUsage: admin:create -- --username NAME --email E [--password PW]`,
      2,
    );
  }
  const password = args.password ?? (await readStdinLine());
  const body = consoleAdminBody.safeParse({ username: args.username, email: args.email, password });
  if (!body.success)
    return fail(
      `Invalid administrator:\n${body.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}\n` +
        'Username: 2 to 16 letters, digits and @ . _ -; password: 6 to 16 letters, digits or _.',
      2,
    );

  const config = commandConfig();
  if (!config) return;
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) return fail(err.message, 1);
    throw err;
  }
  try {
    const result = await createFirstAdmin(database.db, body.data);
    if (!result.created)
      return fail(
        'An administrator exists already: nothing was created. An administrator creates further ones in ' +
          `${config.publicUrl}/v5/manager → Administrators.`,
        1,
      );
    out(`Administrator ${body.data.username} created. Sign in at ${config.publicUrl}/v5/manager.`);
  } catch (err) {
    if (err instanceof AppError) return fail(`Refused: ${err.def.message}`, 1);
    throw err;
  } finally {
    await database.close();
  }
}

void main();
