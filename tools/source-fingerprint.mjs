// The fingerprint of what a build is made from, shared by the web app's build-if-stale.mjs and the server's build.mjs:
// the sha256 of every file under `inputs` (folders walked, tests left out) with its path relative to `root`, in path
// order, then the `extra` lines (settings the build also depends on, e.g. VITE_* variables).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function files(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** @param {string} root @param {string[]} inputs @param {string[]} [extra] */
export function sourceFingerprint(root, inputs, extra = []) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort())
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  for (const line of extra) hash.update(`${line}\0`);
  return hash.digest('hex');
}
