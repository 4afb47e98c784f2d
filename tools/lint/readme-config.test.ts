import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The README's configuration table lists every variable the server reads (issue 35): the keys of the environment
 * schema in apps/server/src/config.ts (two-space indented `NAME:` lines inside `z.object`), and no variable it does
 * not read.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const source = readFileSync(join(root, 'apps/server/src/config.ts'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

const schemaBody = /const schema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
const read = [...schemaBody.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
const configSection = /## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
const listed = [...configSection.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!);

it('finds the schema and the table', () => {
  expect(read.length).toBeGreaterThan(20);
  expect(read).toContain('STORAGE_URL');
  expect(listed.length).toBeGreaterThan(20);
});

it('lists every variable the server reads, and only those', () => {
  expect([...listed].sort()).toEqual([...new Set(read)].sort());
});
