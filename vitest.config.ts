import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project so
// `npm test -w <workspace>` and the root `npm test` run the same files.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'mesh', root: 'packages/mesh', include: ['src/**/*.test.ts'], passWithNoTests: true } },
      {
        test: {
          name: 'scanner',
          root: 'tools/scanner',
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
