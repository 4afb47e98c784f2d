import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  at,
  foreignWrites,
  functionsNamed,
  importsOf,
  likeEscapes,
  parse,
  privacyTests,
  tableOwners,
  walk,
} from './syntax.ts';

/**
 * The server's module graph (apps/server/src/modules/graph.json) is the one list of which module may use which: it
 * has no cycle (so no pair both ways), the code's real imports follow it, its tables are read along it, and
 * ARCHITECTURE.md shows the same list. Lint (eslint.config.js) refuses a new import off the graph; this test reads the
 * whole tree at once, as syntax trees (tools/lint/syntax.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const modulesDir = join(root, 'apps/server/src/modules');
const graphFile = JSON.parse(readFileSync(join(modulesDir, 'graph.json'), 'utf8')) as {
  modules: Record<string, string[]>;
  tableReads?: Record<string, string[] | string>;
  tableReadsAgainstGraph?: Record<string, Record<string, string> | string>;
};
const graph = graphFile.modules;
/** `$comment` keys left out. */
const entries = <T>(o: Record<string, T | string> | undefined) =>
  Object.entries(o ?? {}).filter(([k]) => !k.startsWith('$')) as [string, T][];
/** Modules whose tables a module reads beyond its code edges (graph.json "tableReads"; no code along them). */
const tableReads = Object.fromEntries(entries<string[]>(graphFile.tableReads));
/** Reads against the graph, each with its reason (graph.json "tableReadsAgainstGraph"). */
const against = entries<Record<string, string>>(graphFile.tableReadsAgainstGraph).flatMap(([from, tos]) =>
  Object.entries(tos).map(([to, why]) => ({ from, to, why })),
);

/** The module files of the tree, tests left out, each parsed once. */
const moduleSources = walk(modulesDir)
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
  .map((file) => ({ file, from: relative(modulesDir, file).split('/')[0]!, sf: parse(file) }));

/** Every import between modules in the code (static, type, `export … from`, `import()`), tests left out. */
function crossModuleImports() {
  const found: { from: string; to: string; file: string; target: string }[] = [];
  for (const { file, from, sf } of moduleSources)
    for (const i of importsOf(sf)) {
      if (!i.target) continue;
      const target = relative(modulesDir, i.target);
      const to = target.split('/')[0]!;
      if (target.startsWith('..') || to === from) continue;
      found.push({ from, to, file: relative(root, file), target });
    }
  return found;
}

/** A module's tables (*.schema.ts): reading them is an edge of its own kind, checked below. */
const isTable = (target: string) => /\.schema(\.ts)?$/.test(target);

/** Whether `to` reaches `from` along `edges` (so an edge from → to would close a cycle). */
function reaches(
  edges: Record<string, string[]>,
  to: string,
  from: string,
  seen = new Set<string>(),
): boolean {
  if (to === from) return true;
  if (seen.has(to)) return false;
  seen.add(to);
  return (edges[to] ?? []).some((u) => reaches(edges, u, from, seen));
}

type Read = { from: string; to: string; file: string; target: string };
/**
 * What is wrong with the table reads: a read along no edge of `code` or `reads` and not listed `against`; a cycle of
 * the code edges and the table reads together; a "tableReads" entry that is a code edge already or that no file needs;
 * an `against` entry that no file needs, that closes no cycle (so it belongs in "tableReads"), or without its reason.
 */
function tableReadProblems(
  found: Read[],
  code: Record<string, string[]>,
  reads: Record<string, string[]>,
  kept: { from: string; to: string; why: string }[],
): string[] {
  const problems: string[] = [];
  const edges = Object.fromEntries(
    [...new Set([...Object.keys(code), ...Object.keys(reads)])].map((m) => [
      m,
      [...new Set([...(code[m] ?? []), ...(reads[m] ?? [])])],
    ]),
  );
  const isKept = (from: string, to: string) => kept.some((k) => k.from === from && k.to === to);
  const isRead = (from: string, to: string) => found.some((r) => r.from === from && r.to === to);
  for (const r of found)
    if (!edges[r.from]?.includes(r.to) && !isKept(r.from, r.to))
      problems.push(`${r.from} reads ${r.to} off the graph: ${r.file} → ${r.target}`);
  const state = new Map<string, 'open' | 'done'>();
  const visit = (m: string, path: string[]) => {
    if (state.get(m) === 'done') return;
    if (state.get(m) === 'open')
      return void problems.push(
        `a cycle of code edges and table reads: ${[...path.slice(path.indexOf(m)), m].join(' → ')}`,
      );
    state.set(m, 'open');
    for (const u of edges[m] ?? []) visit(u, [...path, m]);
    state.set(m, 'done');
  };
  for (const m of Object.keys(edges)) visit(m, []);
  for (const [m, tos] of Object.entries(reads))
    for (const to of tos) {
      if (code[m]?.includes(to)) problems.push(`tableReads ${m} → ${to} is a code edge already`);
      if (!isRead(m, to)) problems.push(`tableReads ${m} → ${to}: no table of ${to} is read by ${m}`);
    }
  for (const k of kept) {
    if (!isRead(k.from, k.to))
      problems.push(`tableReadsAgainstGraph ${k.from} → ${k.to}: no table of ${k.to} is read by ${k.from}`);
    if (!reaches(edges, k.to, k.from))
      problems.push(`tableReadsAgainstGraph ${k.from} → ${k.to} closes no cycle: it belongs in tableReads`);
    if (k.why.trim().length < 60)
      problems.push(`tableReadsAgainstGraph ${k.from} → ${k.to} says too little of why`);
  }
  return problems;
}

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

  /**
   * Reading another module's table (a repository's join, a schema's foreign key) depends on it as much as calling its
   * service does: the read goes along an edge of "modules" or of "tableReads" (a table read that grants no code), and
   * the two together have no cycle. A read against them stays only with its reason in "tableReadsAgainstGraph"
   * (docs/decisions.md, "Tables and the module graph").
   */
  it("reads another module's tables one way, along the graph, or with its reason written down", () => {
    const reads = crossModuleImports().filter((i) => isTable(i.target));
    expect(reads.length).toBeGreaterThan(0);
    expect(tableReadProblems(reads, graph, tableReads, against)).toEqual([]);
  });

  it('finds a planted table read off the graph, a cycle through table reads, and a stale or needless entry', () => {
    const reads = [
      { from: 'b', to: 'a', file: 'b/b.repository.ts', target: 'a/a.schema.ts' },
      { from: 'c', to: 'b', file: 'c/c.schema.ts', target: 'b/b.schema.ts' },
      { from: 'a', to: 'c', file: 'a/a.repository.ts', target: 'c/c.schema.ts' },
    ];
    const code = { a: [], b: ['a'], c: [] };
    expect(tableReadProblems(reads, code, {}, [])).toEqual([
      'c reads b off the graph: c/c.schema.ts → b/b.schema.ts',
      'a reads c off the graph: a/a.repository.ts → c/c.schema.ts',
    ]);
    expect(tableReadProblems(reads, code, { c: ['b'], a: ['c'] }, [])).toEqual([
      'a cycle of code edges and table reads: a → c → b → a',
    ]);
    const why = 'a reason long enough to say which rows and which query need it, and why';
    const withD = [...reads, { from: 'd', to: 'a', file: 'd/d.schema.ts', target: 'a/a.schema.ts' }];
    expect(
      tableReadProblems(withD, { ...code, d: [] }, { c: ['b', 'a'] }, [
        { from: 'a', to: 'c', why },
        { from: 'b', to: 'c', why },
        { from: 'd', to: 'a', why: 'needed' },
      ]),
    ).toEqual([
      'tableReads c → a: no table of a is read by c',
      'tableReadsAgainstGraph b → c: no table of c is read by b',
      'tableReadsAgainstGraph d → a closes no cycle: it belongs in tableReads',
      'tableReadsAgainstGraph d → a says too little of why',
    ]);
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
 * platform's function). Read on the syntax tree (tools/lint/syntax.ts, `foreignWrites`): drizzle's `.insert(t)`,
 * `.update(t)`, `.delete(t)` on anything, the table by its import, a namespace (`s.users`) or an alias; raw SQL in any
 * string or template INSERT INTO / UPDATE / DELETE FROM naming the table (`users` or `${users}`). Comments are not
 * code; tests are left out.
 */
const serverSrc = join(root, 'apps/server/src');
const writesOf = (file: string, text: string, owners: ReturnType<typeof tableOwners>) =>
  foreignWrites(root, serverSrc, file, text, owners);

/**
 * The writes kept, each with its one-line reason (`'file: verb table (owner)': 'why'`, and in docs/decisions.md). None
 * today: the 19 the check first found moved to their owners. An entry that no longer matches a write fails the test.
 */
const keptForeignWrites: Record<string, string> = {};

describe('tables are written by their owner', () => {
  const owners = tableOwners(serverSrc);
  it('knows the tables', () => {
    expect(owners.bySqlName.get('users')).toBe('account');
    expect(owners.byExport.size).toBeGreaterThan(20);
  });

  it("no module file inserts, updates or deletes another module's (or the platform's) table, nor platform code a module's", () => {
    const found = [...walk(modulesDir), ...walk(join(serverSrc, 'platform'))]
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => writesOf(f, readFileSync(f, 'utf8'), owners));
    expect(found.filter((w) => !(w in keptForeignWrites))).toEqual([]);
    expect(Object.keys(keptForeignWrites).filter((k) => !found.includes(k))).toEqual([]);
  });

  it('finds a planted write in every form (drizzle on db or tx, through a namespace or an alias, raw sql by name or by table)', () => {
    const file = join(modulesDir, 'stats/planted.repository.ts');
    const code = [
      "import { users as people } from '../account/users.schema.ts';",
      "import * as accounts from '../account/users.schema';",
      "import { caseStats } from './stats.schema.ts';",
      "import { auditLog } from '../../platform/audit/audit.schema.ts';",
      'await db.insert(people).values({});',
      'await tx\n  .update( people )\n  .set({});',
      'await db.delete(auditLog);',
      'await db.update(caseStats).set({});',
      'await db.insert(accounts.users).values({});',
      'const target = people;',
      "await tx['delete'](target);",
      'await db.execute(sql`delete from customers where id = ${id}`);',
      'await db.execute(sql`UPDATE ${people} set x = 1`);',
      'await db.execute(sql`update case_stats set x = 1`);',
      "await db.execute(sql.raw('insert into notices (id) values (1)'));",
      '/** Comments may say: update notices, delete from customers. */',
      '// insert into users',
    ].join('\n');
    const where = 'apps/server/src/modules/stats/planted.repository.ts';
    expect(writesOf(file, code, owners)).toEqual([
      `${where}: insert users (account)`,
      `${where}: update users (account)`,
      `${where}: delete auditLog (platform)`,
      `${where}: insert users (account)`,
      `${where}: delete users (account)`,
      `${where}: delete customers (orgs, raw sql)`,
      `${where}: update users (account, raw sql)`,
      `${where}: insert notices (notices, raw sql)`,
    ]);
    const platform = join(serverSrc, 'platform/jobs/planted.ts');
    expect(writesOf(platform, 'await db.execute(sql`update cases set x = 1`);', owners)).toEqual([
      'apps/server/src/platform/jobs/planted.ts: update cases (cases, raw sql)',
    ]);
  });
});

/** The source files of the tree under `dirs` (tests included), parsed. */
const trees = (dirs: string[]) =>
  dirs
    .flatMap((d) => walk(join(root, d)))
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('node_modules') && !f.includes('/dist/'))
    .map((f) => parse(f));

/** Where `find` finds the rule written, outside the files allowed to hold it: `file:line`. */
function copies(find: (sf: ReturnType<typeof parse>) => unknown[], dirs: string[], home: string[]) {
  return trees(dirs)
    .filter((sf) => !home.includes(relative(root, sf.fileName)))
    .flatMap((sf) => find(sf).map((n) => at(root, n as Parameters<typeof at>[1])));
}

/**
 * Shared rules live once, read on the syntax tree (tools/lint/syntax.ts): the code that spells a rule out, whatever it
 * names its variables, stands only in the rule's home. (`duplicates --change` shows a copy as it is written, but is a
 * developer's command, not one CI has; these keep the named rules one.)
 */
describe('shared rules live once', () => {
  const server = ['apps/server/src'];
  it('LIKE escaping: platform/db/like.ts', () => {
    const home = ['apps/server/src/platform/db/like.ts'];
    expect(copies(likeEscapes, [...server, 'packages'], home)).toEqual([]);
    expect(likeEscapes(parse(join(root, home[0]!))).length, 'the home holds the rule').toBe(1);
  });

  it('the privacy bits: shownField in the contract, fieldShown in orgs.schema.ts', () => {
    // `privacy & bit` in TypeScript, `(${privacy} & ${bit})` in SQL, whatever the operands are called.
    const homes = ['packages/contract/src/constants.ts', 'apps/server/src/modules/orgs/orgs.schema.ts'];
    expect(copies(privacyTests, [...server, 'apps/web/src', 'packages/contract/src'], homes)).toEqual([]);
    for (const home of homes) expect(privacyTests(parse(join(root, home))).length, home).toBe(1);
  });

  it('the customer search: declared once in the server', () => {
    const found = trees(server).flatMap((sf) =>
      functionsNamed(sf, /^searchCustomers$/).map((n) => at(root, n)),
    );
    expect(found).toHaveLength(1);
  });

  it("the tests' polling: apps/server/src/testing/poll.ts", () => {
    const poller = (sf: ReturnType<typeof parse>) => functionsNamed(sf, /^(until|poll)$/, { async: true });
    expect(
      copies(
        poller,
        ['apps/server/src', 'apps/web/src', 'apps/web/e2e'],
        ['apps/server/src/testing/poll.ts'],
      ),
    ).toEqual([]);
  });

  it('finds a planted copy of each, however its names are spelled', () => {
    const planted = (code: string) => parse(join(modulesDir, 'stats/planted.ts'), code);
    expect(
      likeEscapes(planted("export const e = (t: string) => t.replace(/[_%\\\\]/g, '\\\\$&');")),
    ).toHaveLength(1);
    expect(likeEscapes(planted("export const e = (t: string) => t.replaceAll('%', '\\\\%');"))).toHaveLength(
      1,
    );
    expect(likeEscapes(planted("export const e = (t: string) => t.replace(/[a-z]/g, '');"))).toHaveLength(0);
    for (const code of [
      'export const hides = (org: { privacy: number }, b: number) => (org.privacy & b) !== 0;',
      'export const hides = (p: number) => (p & Privacy.email) !== 0;',
      'export const shown = (c: unknown) => sql`(${c.privacy} & ${2}) = 0`;',
      "export const shown = sql.raw('(c.privacy & 4) = 0');",
    ])
      expect(privacyTests(planted(code)), code).toHaveLength(1);
    expect(privacyTests(planted('export const both = (a: number, b: number) => a & b;'))).toHaveLength(0);
    const pollers = (code: string) => functionsNamed(planted(code), /^(until|poll)$/, { async: true });
    expect(pollers('export const until = async () => {};')).toHaveLength(1);
    expect(pollers('export async function poll(f: () => boolean) {}')).toHaveLength(1);
    expect(pollers('const poll = 3;\nconst until = () => setTimeout(until, 8);')).toHaveLength(0);
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
