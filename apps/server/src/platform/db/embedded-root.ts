import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chmod,
  chown,
  lstat,
  mkdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { arch, platform } from 'node:os';
import path from 'node:path';

/**
 * The embedded PostgreSQL when Archway runs as root (platform/db/embedded.ts starts it): PostgreSQL refuses root, so
 * it runs as a system user of its own, never the host's `postgres`; that user cannot pass a 0700 DATA_DIR or home, so
 * its binaries and its cluster live under /var/lib/archway, the cluster behind the link DATA_DIR/postgres.
 */

export class EmbeddedPostgresError extends Error {}

export interface Binaries {
  postgres: string;
  initdb: string;
}

export type Log = { info(msg: string): void; warn(msg: string): void };

/** Where a root Archway keeps what its database user must reach (the engine's copy, the clusters). */
export const SYSTEM_DIR = '/var/lib/archway';
/** The system user the embedded PostgreSQL runs as when Archway runs as root: its own, never the host's `postgres`. */
export const ENGINE_USER = 'archway-db';

export interface RunAs {
  uid: number;
  gid: number;
}

/** Running as root: the engine's own system user (made when missing). Otherwise undefined: it runs as we do. */
export function runAsUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, ENGINE_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync(
        'useradd',
        [
          '--system',
          '--user-group',
          '--no-create-home',
          '--home-dir',
          '/nonexistent',
          '--shell',
          '/usr/sbin/nologin',
          ENGINE_USER,
        ],
        { stdio: 'ignore' },
      );
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      throw new EmbeddedPostgresError(
        `Running as root, the embedded PostgreSQL needs a system user "${ENGINE_USER}" and could not create it ` +
          `(useradd). Create it (useradd --system ${ENGINE_USER}), run Archway as another user, or set DATABASE_URL.`,
      );
    }
  }
}

/** A folder root owns, that others may pass (0711) or read (0755): the way down to the engine and the clusters. */
async function systemDir(dir: string, mode: number): Promise<void> {
  await mkdir(dir, { recursive: true, mode });
  await chmod(dir, mode);
}

/**
 * Running as root: the engine's binaries copied once where its user can run them (node_modules may sit in a 0700
 * home), keyed by the package's version. Copied to a temporary folder, then renamed: a stop mid-copy leaves no half
 * engine.
 */
export async function reachableBinaries(bin: Binaries): Promise<Binaries> {
  const native = path.dirname(path.dirname(bin.postgres));
  const pkg = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const engineDir = path.join(SYSTEM_DIR, 'engine');
  const target = path.join(engineDir, `${platform()}-${arch()}-${pkg.version}`);
  await systemDir(SYSTEM_DIR, 0o711);
  await systemDir(engineDir, 0o711);
  if (!existsSync(path.join(target, 'bin', 'postgres'))) {
    const tmp = `${target}.tmp-${process.pid}`;
    await rm(tmp, { recursive: true, force: true });
    execFileSync('cp', ['-a', native, tmp]);
    execFileSync('chmod', ['-R', 'go-w,go+rX', tmp]);
    await rm(target, { recursive: true, force: true });
    await rename(tmp, target);
  }
  return {
    postgres: path.join(target, 'bin', path.basename(bin.postgres)),
    initdb: path.join(target, 'bin', path.basename(bin.initdb)),
  };
}

/**
 * Running as root: the cluster's real folder, /var/lib/archway/clusters/<random id> (beside it `<id>.data-dir` names
 * the DATA_DIR it belongs to, for the operator), and DATA_DIR/postgres a link to it. A link already there is followed
 * wherever it points (a DATA_DIR moved elsewhere keeps its cluster); a real DATA_DIR/postgres (an earlier Archway's,
 * run by the host's `postgres`) is moved there once and given to the engine's user. Nothing is ever deleted here.
 */
export async function rootCluster(dataDir: string, user: RunAs, log?: Log): Promise<void> {
  const link = path.join(dataDir, 'postgres');
  const clusters = path.join(SYSTEM_DIR, 'clusters');
  await systemDir(SYSTEM_DIR, 0o711);
  await systemDir(clusters, 0o711);
  const current = await lstat(link).catch(() => undefined);
  if (current?.isSymbolicLink()) {
    const target = await readlink(link);
    if (existsSync(target)) return ensureOwned(target, user);
    await rm(link); // its cluster is gone: a new one, as on a first start
  }
  const id = randomBytes(12).toString('hex');
  const target = path.join(clusters, id);
  await writeFile(path.join(clusters, `${id}.data-dir`), `${dataDir}\n`, { mode: 0o600 });
  if (current?.isDirectory()) {
    try {
      await rename(link, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      execFileSync('cp', ['-a', link, target]);
      await rm(link, { recursive: true, force: true });
    }
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, target]);
    log?.warn(`moved the embedded PostgreSQL cluster to ${target}, run by the system user "${ENGINE_USER}"`);
  }
  await ensureOwned(target, user);
  await symlink(target, link);
}

async function ensureOwned(dir: string, user: RunAs): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chown(dir, user.uid, user.gid);
  await chmod(dir, 0o700);
}

/** Removes the embedded cluster of `dataDir`, wherever it lives. */
export async function removeEmbeddedCluster(dataDir: string): Promise<void> {
  const link = path.join(dataDir, 'postgres');
  const st = await lstat(link).catch(() => undefined);
  if (st?.isSymbolicLink()) {
    const target = await readlink(link);
    await rm(target, { recursive: true, force: true });
    await rm(`${target}.data-dir`, { force: true });
  }
  await rm(link, { recursive: true, force: true });
}
