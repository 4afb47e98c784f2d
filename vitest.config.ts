import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Project roots are absolute, so `npm test -w <workspace>` (run from that folder) finds the same files. */
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

// One runner for the whole repository; each workspace is a project so
// `npm test -w <workspace>` and the root `npm test` run the same files.
export default defineConfig({
  test: {
    // One PostgreSQL and migrated templates for the whole run (apps/server/src/testing/global-setup.ts).
    globalSetup: [at('apps/server/src/testing/global-setup.ts')],
    // Two files at a time, also on a 2-core machine (Vitest's default there is one): most of a test's time is spent
    // waiting on PostgreSQL or Chromium, which run in processes of their own.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: at('packages/contract'),
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'mesh',
          root: at('packages/mesh'),
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'scanner',
          root: at('tools/scanner'),
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          root: at('apps/server'),
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'web', root: at('apps/web'), include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
      },
      { test: { name: 'tooling', root: at('tools'), include: ['lint/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'e2e',
          root: at('apps/web'),
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files of one worker share its Chromium and servers (e2e/server.ts); journeys make their own organizations.
          isolate: false,
        },
      },
    ],
  },
});
