import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's module graph (apps/server/src/modules/graph.json) is the one list of which module may use which: it
 * has no cycle (so no pair both ways), the code's real imports follow it, and ARCHITECTURE.md shows the same list.
 * Lint (eslint.config.js) refuses a new import off the graph; this test reads the whole tree at once.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const modulesDir = join(root, 'apps/server/src/modules');
const graph: Record<string, string[]> = JSON.parse(
  readFileSync(join(modulesDir, 'graph.json'), 'utf8'),
).modules;

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Every import between modules in the code (static, `export … from`, `import()`), tests left out. */
function crossModuleImports() {
  const found: { from: string; to: string; file: string; target: string }[] = [];
  for (const file of walk(modulesDir)) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.test.ts')) continue;
    const from = relative(modulesDir, file).split('/')[0]!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"`](\.[^'"`]+)['"`]/g)) {
      const target = relative(modulesDir, resolve(dirname(file), m[1]!));
      const to = target.split('/')[0]!;
      if (target.startsWith('..') || to === from) continue;
      found.push({ from, to, file: relative(root, file), target });
    }
  }
  return found;
}

/** The tables are shared for foreign keys and joins (docs/decisions.md): a *.schema.ts is no module edge. */
const isTable = (target: string) => /\.schema(\.ts)?$/.test(target);

describe('the module graph', () => {
  it('names every module folder, and only those', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(Object.keys(graph).sort()).toEqual(folders);
    for (const [name, uses] of Object.entries(graph))
      for (const u of uses) expect(Object.keys(graph), `${name} uses ${u}`).toContain(u);
  });

  it('has no cycle, so no two modules depend on each other both ways', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (m: string, path: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') return void cycles.push([...path.slice(path.indexOf(m)), m].join(' → '));
      state.set(m, 'open');
      for (const u of graph[m] ?? []) visit(u, [...path, m]);
      state.set(m, 'done');
    };
    for (const m of Object.keys(graph)) visit(m, []);
    expect(cycles).toEqual([]);
  });

  it("is followed by the code's real imports, and no module imports another's repository", () => {
    const imports = crossModuleImports();
    expect(imports.length).toBeGreaterThan(0);
    const offGraph = imports
      .filter((i) => !isTable(i.target) && !graph[i.from]?.includes(i.to))
      .map((i) => `${i.file} → ${i.target}`);
    expect(offGraph).toEqual([]);
    const repositories = imports
      .filter((i) => /\.repository(\.ts)?$/.test(i.target))
      .map((i) => `${i.file} → ${i.target}`);
    expect(repositories).toEqual([]);
    const tablesOutsideRepositories = imports
      .filter((i) => isTable(i.target) && !/\.(repository|schema)\.ts$/.test(i.file))
      .map((i) => `${i.file} → ${i.target}`);
    expect(tablesOutsideRepositories).toEqual([]);
  });

  it('is the one ARCHITECTURE.md shows', () => {
    const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
    const start = text.indexOf('<!-- module-graph -->');
    const end = text.indexOf('<!-- /module-graph -->');
    expect(start, 'ARCHITECTURE.md has a <!-- module-graph --> table').toBeGreaterThan(-1);
    const shown: Record<string, string[]> = {};
    for (const line of text.slice(start, end).split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      const name = /^`([\w-]+)`$/.exec(cells[1] ?? '')?.[1];
      if (!name) continue;
      shown[name] = [...(cells[2] ?? '').matchAll(/`([\w-]+)`/g)].map((m) => m[1]!).sort();
    }
    const expected = Object.fromEntries(Object.entries(graph).map(([m, uses]) => [m, [...uses].sort()]));
    expect(shown).toEqual(expected);
  });
});

/**
 * Tables are written by their owner (docs/decisions.md, "Tables and the module graph"): the owner of a table is the
 * module whose `*.schema.ts` defines it; a table of `platform/**` is written by platform code only (modules call the
 * platform's function). A write is drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` (on `db`, `tx` or anything)
 * or raw SQL (a sql`` template, sql.raw or a string) INSERT INTO / UPDATE / DELETE FROM naming the table (`users` or
 * `${users}`), comments left out; tests are left out.
 */
const serverSrc = join(root, 'apps/server/src');
const ownerOf = (file: string) => {
  const [top, name] = relative(serverSrc, file).split('/');
  return top === 'modules' ? name! : 'platform';
};
const tableOwners = () => {
  const byExport = new Map<string, { owner: string; table: string }>();
  const bySqlName = new Map<string, string>();
  for (const file of walk(serverSrc)) {
    if (!file.endsWith('.schema.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"](\w+)['"]/g)) {
      byExport.set(`${file}#${m[1]}`, { owner: ownerOf(file), table: m[1]! });
      bySqlName.set(m[2]!, ownerOf(file));
    }
  }
  return { byExport, bySqlName };
};

/** The writes of one module file that name another owner's table: `file: verb table (owner)`. */
function foreignWrites(file: string, text: string, owners = tableOwners()) {
  const mine = ownerOf(file);
  const local = new Map<string, { owner: string; table: string }>();
  for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+\.schema(?:\.ts)?)['"]/g)) {
    const schema = resolve(dirname(file), m[2]!).replace(/(\.ts)?$/, '.ts');
    for (const part of m[1]!.split(',')) {
      const [imported, as] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      const table = owners.byExport.get(`${schema}#${imported}`);
      if (table) local.set(as ?? imported!, table);
    }
  }
  const where = relative(root, file);
  const found: string[] = [];
  for (const m of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const t = local.get(m[2]!);
    if (t && t.owner !== mine) found.push(`${where}: ${m[1]} ${t.table} (${t.owner})`);
  }
  // Raw SQL anywhere in the code (a sql`` template, sql.raw or a plain string), comments left out.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{\s*(\w+)\s*\})/gi,
  )) {
    const verb = m[1]!.split(/\s/)[0]!.toLowerCase();
    const owner = m[2] ? owners.bySqlName.get(m[2]) : local.get(m[3]!)?.owner;
    const table = m[2] ?? local.get(m[3]!)?.table;
    if (owner && owner !== mine) found.push(`${where}: ${verb} ${table} (${owner}, raw sql)`);
  }
  return found;
}

/**
 * The writes kept, each with its one-line reason (`'file: verb table (owner)': 'why'`, and in docs/decisions.md). None
 * today: the 19 the check first found moved to their owners. An entry that no longer matches a write fails the test.
 */
const keptForeignWrites: Record<string, string> = {};

describe('tables are written by their owner', () => {
  const owners = tableOwners();
  it("no module file inserts, updates or deletes another module's (or the platform's) table, nor platform code a module's", () => {
    const found = [...walk(modulesDir), ...walk(join(serverSrc, 'platform'))]
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => foreignWrites(f, readFileSync(f, 'utf8'), owners));
    expect(found.filter((w) => !(w in keptForeignWrites))).toEqual([]);
    expect(Object.keys(keptForeignWrites).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('finds a planted write in every form (drizzle on db or tx, raw sql by name or by table)', () => {
    const at = join(modulesDir, 'stats/planted.repository.ts');
    const code = [
      "import { users as people } from '../account/users.schema.ts';",
      "import { caseStats } from './stats.schema.ts';",
      "import { auditLog } from '../../platform/audit/audit.schema.ts';",
      'await db.insert(people).values({});',
      'await tx\n  .update( people )\n  .set({});',
      'await db.delete(auditLog);',
      'await db.update(caseStats).set({});',
      'await db.execute(sql`delete from customers where id = ${id}`);',
      'await db.execute(sql`UPDATE ${people} set x = 1`);',
      'await db.execute(sql`update case_stats set x = 1`);',
      "await db.execute(sql.raw('insert into notices (id) values (1)'));",
      '/** Comments may say: update notices, delete from customers. */',
      '// insert into users',
    ].join('\n');
    expect(foreignWrites(at, code, owners)).toEqual([
      'apps/server/src/modules/stats/planted.repository.ts: insert users (account)',
      'apps/server/src/modules/stats/planted.repository.ts: update users (account)',
      'apps/server/src/modules/stats/planted.repository.ts: delete auditLog (platform)',
      'apps/server/src/modules/stats/planted.repository.ts: delete customers (orgs, raw sql)',
      'apps/server/src/modules/stats/planted.repository.ts: update users (account, raw sql)',
      'apps/server/src/modules/stats/planted.repository.ts: insert notices (notices, raw sql)',
    ]);
    const platform = join(serverSrc, 'platform/jobs/planted.ts');
    expect(foreignWrites(platform, 'await db.execute(sql`update cases set x = 1`);', owners)).toEqual([
      'apps/server/src/platform/jobs/planted.ts: update cases (cases, raw sql)',
    ]);
  });
});

/** Files of the tree under `dir` whose path matches `name`, tests included. */
const sources = (dir: string, name = /\.tsx?$/) =>
  walk(join(root, dir)).filter((f) => name.test(f) && !f.includes('node_modules') && !f.includes('/dist/'));

/** Where a pattern is written, outside the one file allowed to hold it. */
function copies(pattern: RegExp, dirs: string[], home: string[]) {
  return dirs
    .flatMap((d) => sources(d))
    .filter((f) => !home.includes(relative(root, f)) && pattern.test(readFileSync(f, 'utf8')))
    .map((f) => relative(root, f));
}

describe('shared rules live once', () => {
  const server = ['apps/server/src'];
  it('LIKE escaping: platform/db/like.ts', () => {
    expect(
      copies(/replace\(\/\[\\\\%_\]\/g/, [...server, 'packages'], ['apps/server/src/platform/db/like.ts']),
    ).toEqual([]);
  });

  it('the privacy bits: shownField in the contract, fieldShown in orgs.schema.ts', () => {
    // `privacy & bit` in TypeScript, `privacy & ${Privacy.x}` in SQL.
    const tsRule = /privacy\s*&\s*bit|&\s*\(?Privacy\.(email|phone|other)/;
    const sqlRule = /privacy\S*\s*&\s*\$\{\s*Privacy\./;
    expect(
      copies(
        tsRule,
        [...server, 'apps/web/src', 'packages/contract/src'],
        ['packages/contract/src/constants.ts'],
      ),
    ).toEqual([]);
    expect(copies(sqlRule, server, [])).toEqual([]);
  });

  it('the customer search: orgs/directory.repository.ts', () => {
    expect(
      copies(/(function|const)\s+searchCustomers\b/, server, [
        'apps/server/src/modules/orgs/directory.repository.ts',
      ]),
    ).toEqual([]);
  });

  it("the tests' polling: apps/server/src/testing/poll.ts", () => {
    const poller = /async function (until|poll)\b|const (until|poll)\s*=\s*async/;
    expect(
      copies(
        poller,
        ['apps/server/src', 'apps/web/src', 'apps/web/e2e'],
        ['apps/server/src/testing/poll.ts'],
      ),
    ).toEqual([]);
  });
});

/** `a.{b,c}` → `a.b`, `a.c` (one or more brace groups). */
function expand(token: string): string[] {
  const m = /^(.*?)\{([^{}]*)\}(.*)$/.exec(token);
  if (!m) return [token];
  return m[2]!.split(',').flatMap((part) => expand(`${m[1]}${part}${m[3]}`));
}

describe('ARCHITECTURE.md is a true map', () => {
  const text = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');
  const between = (name: string) => {
    const start = text.indexOf(`<!-- ${name} -->`);
    const end = text.indexOf(`<!-- /${name} -->`);
    expect(start, `ARCHITECTURE.md has <!-- ${name} --> … <!-- /${name} -->`).toBeGreaterThan(-1);
    return text.slice(start, end);
  };

  it('is read in ten minutes (under 300 lines)', () => {
    expect(text.split('\n').length).toBeLessThan(300);
  });

  it("names each module's real files, and no file that is not there", () => {
    const listed = new Map<string, string[]>();
    let current = '';
    for (const line of between('module-files').split('\n')) {
      const head = /^- `([\w-]+)`:(.*)$/.exec(line);
      if (head) {
        current = head[1]!;
        listed.set(current, []);
      }
      const rest = head ? head[2]! : line;
      if (!current || !/^(- |\s)/.test(line)) continue;
      for (const m of rest.matchAll(/`([^`]+)`/g)) listed.get(current)!.push(...expand(m[1]!));
    }
    expect([...listed.keys()].sort()).toEqual(Object.keys(graph).sort());
    for (const [name, names] of listed) {
      const onDisk = readdirSync(join(modulesDir, name), { withFileTypes: true })
        .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
        .map((e) => (e.isDirectory() ? `${e.name}/` : e.name.replace(/\.ts$/, '')))
        .sort();
      expect([...new Set(names)].sort(), `the files of ${name}`).toEqual(onDisk);
    }
  });

  it('lists every journey, and only journeys that exist', () => {
    const journeys = readdirSync(join(root, 'apps/web/e2e'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.test\.ts$/, ''))
      .sort();
    const listed = [...between('journeys').matchAll(/^\| `([\w-]+)`/gm)].map((m) => m[1]!).sort();
    expect(listed).toEqual(journeys);
  });

  it('links the documents it moved its detail to', () => {
    for (const doc of ['docs/decisions.md', 'docs/domains.md', 'docs/web.md', 'docs/benchmarks.md']) {
      expect(text).toContain(`(${doc})`);
      expect(readFileSync(join(root, doc), 'utf8').length, doc).toBeGreaterThan(500);
    }
  });
});
