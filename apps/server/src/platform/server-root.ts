/**
 * Where the server's files are, whether it runs from its TypeScript sources (tsx: `npm run dev`, tests, benchmarks'
 * scripts) or compiled (`npm start`: apps/server/build.mjs bundles every entry into `dist/`, flat, so
 * `import.meta.url` there is always a file of that one folder). The one place that knows both layouts: files read at
 * run time (migrations, mail and export texts, help articles, package.json, the web app's build) are read from the
 * sources in both modes; worker threads load the compiled worker, or the `.ts` one through tsx.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Set by build.mjs (esbuild `define`): the path from the compiled files' folder to apps/server. */
declare const ARCHWAY_DIST_TO_SERVER: string | undefined;

/** True when this code runs from the compiled bundle (`dist/`), false from the TypeScript sources. */
export const compiled = typeof ARCHWAY_DIST_TO_SERVER === 'string';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The folder of the compiled files (only meaningful when `compiled`). */
const distDir = here;
/** apps/server: from src/platform/ two up; from the bundle, what the build recorded. */
export const serverRoot = compiled
  ? path.resolve(distDir, ARCHWAY_DIST_TO_SERVER!)
  : path.resolve(here, '../..');

/** A path under apps/server/src (`rel` with `/`; a trailing `/` is kept). */
export function sourcePath(rel: string): string {
  return path.join(serverRoot, 'src', rel);
}

/** The file URL of `sourcePath(rel)`, for APIs that take one (a trailing `/` is kept: a folder to resolve in). */
export function sourceUrl(rel: string): URL {
  return pathToFileURL(sourcePath(rel));
}

/** A path under apps/server (package.json, ../web/dist). */
export function serverPath(rel: string): string {
  return path.join(serverRoot, rel);
}

/**
 * A worker thread's script and node flags, for Piscina: compiled, `dist/<name>.js` (build.mjs names every worker
 * entry after its file) and no loader; from sources, `src/<rel>` through tsx. `file` (tests: a fixture worker)
 * replaces the script; a `.ts` one is loaded through tsx.
 */
export function workerScript(rel: string, file?: URL): { filename: string; execArgv: string[] } {
  const url =
    file ??
    (compiled ? pathToFileURL(path.join(distDir, `${path.basename(rel, '.ts')}.js`)) : sourceUrl(rel));
  return { filename: url.href, execArgv: url.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [] };
}
