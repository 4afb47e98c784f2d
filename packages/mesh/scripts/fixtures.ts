/**
 * Writes the jaw fixtures for manual checks and benchmarks:
 *   node --import tsx packages/mesh/scripts/fixtures.ts [outDir] [triangles]
 * jaw.ply (binary, colours), jaw.stl, jaw.obj, jaw-ascii.ply and closed.ply (watertight) into outDir
 * (default packages/mesh/fixtures-out, ignored by git); about 300,000 triangles unless told.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { archJaw } from '../src/fixtures/jaw.ts';
import { writeObj, writePly, writeStl } from '../src/write/index.ts';

const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../fixtures-out', import.meta.url)));
const triangles = Number(process.argv[3] ?? 300_000);
if (!Number.isFinite(triangles) || triangles < 8) throw new Error(`Not a triangle count: ${process.argv[3]}`);

mkdirSync(outDir, { recursive: true });
const jaw = archJaw({ triangles });
const closed = archJaw({ triangles, closed: true });
const files: [string, () => Uint8Array][] = [
  ['jaw.ply', () => writePly(jaw)],
  ['jaw.stl', () => writeStl(jaw)],
  ['jaw.obj', () => writeObj(jaw)],
  ['jaw-ascii.ply', () => writePly(jaw, { ascii: true })],
  ['closed.ply', () => writePly(closed)],
];
for (const [name, write] of files) {
  const start = performance.now();
  const bytes = write();
  writeFileSync(join(outDir, name), bytes);
  const ms = Math.round(performance.now() - start);
  console.log(`${join(outDir, name)}: ${(bytes.length / 1e6).toFixed(1)} MB in ${ms} ms`);
}
