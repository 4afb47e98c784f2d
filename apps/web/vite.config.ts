import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const API = process.env.ARCHWAY_API ?? 'http://127.0.0.1:8080';

/** Every API path goes to the server during development; the SPA itself stays on Vite. */
const api: ProxyOptions = { target: API, changeOrigin: false };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/v5/',
  plugins: [react()],
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
