import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { Brands, brandIndexHtml, isBrandId } from '../../packages/contract/src/brands.ts';

const API = process.env.ARCHWAY_API ?? 'http://127.0.0.1:8080';

/** Every API path goes to the server during development; the SPA itself stays on Vite. */
const api: ProxyOptions = { target: API, changeOrigin: false };

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every compressible output file of 1 KiB or
 * more, when smaller than the file. The server sends them as they are (`@fastify/static` `preCompressed`): no
 * compression work per request, and the strongest level, which would be too slow to run per request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'archway-precompress',
    apply: 'build',
    // After the files are written, and only when the build succeeded.
    async writeBundle(options) {
      const outDir = options.dir!;
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 1024) return;
          const data = await readFile(file);
          const [brotli, gzipped] = await Promise.all([
            br(data, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (brotli.length < data.length) await writeFile(`${file}.br`, brotli);
          if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * A branded build (`VITE_BRAND=lumident`): index.html gets the brand's title, tab icon and splash from the start
 * (the app itself reads VITE_BRAND through shared/brand.ts). An unknown brand stops the build.
 */
function brandPage(): Plugin {
  const id = process.env.VITE_BRAND?.trim();
  if (id && !isBrandId(id))
    throw new Error(`VITE_BRAND: unknown brand ${id} (known: ${Object.keys(Brands).join(', ')})`);
  return {
    name: 'archway-brand',
    transformIndexHtml: (html) => (id && isBrandId(id) ? brandIndexHtml(html, Brands[id]) : html),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/v5/',
  plugins: [react(), brandPage(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/common': api,
      '/Common': api,
      '/user': api,
      '/api': api,
      '/api2': api,
      '/cust': api,
      '/account/token': api,
      '/hubs': { ...api, ws: true },
      '/healthz': api,
      '/v5/identitySettings.json': api,
      // The sign-in form posts to its own path; the page itself is the SPA's.
      '/v5/login/': { ...api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
    },
  },
});
