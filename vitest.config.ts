import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Project roots are absolute, so `npm test -w <workspace>` (run from that folder) finds the same files. */
const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

/** Fisher-Yates with a seeded generator (mulberry32): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The order of the files: shuffled with the run's seed when the run is (`--sequence.shuffle`), else Vitest's own
 * (longest first by the last run's times), but the journeys (e2e) before everything else and one after the other.
 * Vitest hands a worker that ran a journey the next file without a new process only when that file is a journey too:
 * in a block, each worker keeps its Chromium and servers (e2e/server.ts) from journey to journey instead of starting
 * them for each file. And the longest files (journeys) start first, so the many short ones even out the end of the run
 * between the two workers instead of one journey of minutes starting last.
 */
class JourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence } = this.ctx.config;
    const ordered = sequence.shuffle ? shuffled(files, sequence.seed) : await super.sort(files);
    const journey = (f: TestSpecification) => f.project.name === 'e2e';
    return [...ordered.filter(journey), ...ordered.filter((f) => !journey(f))];
  }
}

// One runner for the whole repository; each workspace is a project so
// `npm test -w <workspace>` and the root `npm test` run the same files.
export default defineConfig({
  test: {
    // One PostgreSQL and migrated templates for the whole run (apps/server/src/testing/global-setup.ts).
    globalSetup: [at('apps/server/src/testing/global-setup.ts')],
    // Two files at a time, also on a 2-core machine (Vitest's default there is one): most of a test's time is spent
    // waiting on PostgreSQL or Chromium, which run in processes of their own.
    maxWorkers: 2,
    // Also with `--sequence.shuffle` (which then shuffles the tests of each file, and the files through this sequencer).
    sequence: { sequencer: JourneysFirst },
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
