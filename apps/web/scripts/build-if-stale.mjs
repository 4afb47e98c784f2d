// Builds the web app only when what it is built from changed since the last build (or dist is missing), so a second
// `npm start` answers in seconds. The fingerprint covers the sources of the web app and of the packages it imports,
// its build configuration, the lock file and the VITE_* environment; it is kept in dist/.source-hash.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from '../../../tools/source-fingerprint.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '../..');
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const stamp = path.join(dist, '.source-hash');
const inputs = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'tsconfig.json'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  path.join(root, 'packages/mesh/src'),
  path.join(root, 'packages/mesh/package.json'),
  path.join(root, 'package-lock.json'),
];

const fingerprint = sourceFingerprint(
  root,
  inputs,
  Object.entries(process.env)
    .filter(([k]) => k.startsWith('VITE_'))
    .sort()
    .map(([k, v]) => `${k}=${v}`),
);

const current =
  existsSync(stamp) && existsSync(path.join(dist, 'index.html')) ? readFileSync(stamp, 'utf8').trim() : '';
if (current === fingerprint && !process.argv.includes('--force')) {
  console.log('web app: up to date (sources unchanged since the last build)');
  process.exit(0);
}
console.log('web app: building (its sources changed, or it was never built); this takes about half a minute');
const vite = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
    ...(process.env.WEB_DIST ? ['--outDir', dist] : []),
  ],
  { cwd: web, stdio: 'inherit' },
);
if (vite.status !== 0) process.exit(vite.status ?? 1);
writeFileSync(stamp, `${fingerprint}\n`);
