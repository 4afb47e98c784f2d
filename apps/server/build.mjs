// The server compiled to JavaScript for `npm start` (docs/decisions.md, "Compiled JavaScript in production"): esbuild
// bundles each entry with the workspace packages (@archway/contract, @archway/mesh: their exports are TypeScript
// sources) into dist/, flat (every file in that one folder), with source maps; every node_modules package stays
// external. Files read at run time (migrations, texts, help articles) stay in src/: platform/server-root.ts finds
// them from either layout.
//
//   node build.mjs             compile now
//   node build.mjs --if-stale  only when the sources changed since the last build (a fingerprint in dist/.source-hash);
//                              says nothing when they did not, one line when it compiles
//   --outdir <dir>             elsewhere than dist/ (the build test)
//
// Each output is written to a temporary name and renamed into place, so two builds at once, or a server starting
// during one, never read half a file; outputs of an earlier build that this one no longer makes are removed.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { sourceFingerprint } from '../../tools/source-fingerprint.mjs';

const server = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(server, '../..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const outdir = path.resolve(arg('--outdir') ?? path.join(server, 'dist'));
const stamp = path.join(outdir, '.source-hash');

/** The compiled files, by name (dist/<name>.js): platform/server-root.ts workerScript() finds workers this way. */
export const entries = {
  server: 'src/server.ts',
  'admin-cli': 'src/admin-cli.ts',
  'backup-cli': 'src/backup-cli.ts',
  'restore-cli': 'src/restore-cli.ts',
  'mesh.worker': 'src/modules/scans/mesh.worker.ts',
  'demo-jaws.worker': 'src/demo/demo-jaws.worker.ts',
  // The benchmarks' server (bench/child.ts) runs the compiled server through these.
  'bench-server': 'bench/server.ts',
  app: 'src/app.ts',
  config: 'src/config.ts',
};

const inputs = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(server, 'tsconfig.json'),
  path.join(server, 'build.mjs'),
  path.join(root, 'tools/source-fingerprint.mjs'),
  path.join(server, 'bench/server.ts'),
  path.join(root, 'tsconfig.base.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  path.join(root, 'packages/mesh/src'),
  path.join(root, 'packages/mesh/package.json'),
  path.join(root, 'package-lock.json'),
];

const wanted = sourceFingerprint(root, inputs);
const current =
  existsSync(stamp) && existsSync(path.join(outdir, 'server.js')) ? readFileSync(stamp, 'utf8').trim() : '';
if (process.argv.includes('--if-stale') && current === wanted) process.exit(0);

const began = performance.now();
/** Packages from node_modules stay imports (resolved at run time from apps/server); the workspace's are bundled. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@archway/') ? undefined : { external: true },
    );
  },
};
const result = await build({
  absWorkingDir: server,
  entryPoints: entries,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // No keepNames: it wraps every function made at run time (closures in each request) in a defineProperty call.
  // Classes keep their names unless two share one in a chunk (build.test.ts checks the errors' names).
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  define: { ARCHWAY_DIST_TO_SERVER: JSON.stringify(path.relative(outdir, server) || '.') },
  plugins: [nodeModulesExternal],
  write: false,
  logLevel: 'warning',
});
mkdirSync(outdir, { recursive: true });
const made = new Set();
for (const file of result.outputFiles) {
  const tmp = `${file.path}.tmp-${process.pid}`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, file.path);
  made.add(path.basename(file.path));
}
for (const name of readdirSync(outdir))
  if (/\.js(\.map)?$/.test(name) && !made.has(name)) unlinkSync(path.join(outdir, name));
writeFileSync(stamp, `${wanted}\n`);
console.log(
  `server: compiled into ${path.relative(process.cwd(), outdir) || '.'} in ${((performance.now() - began) / 1000).toFixed(1)} s` +
    ' (its sources changed, or it was never built)',
);
