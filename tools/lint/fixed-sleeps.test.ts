import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { at, nodes, parse, unwrap, walk } from './syntax.ts';

/**
 * The tests never sleep a fixed time (ARCHITECTURE.md, Tests): they wait for the event, poll through
 * `apps/server/src/testing/poll.ts` (the one place whose pause between two looks is allowed), or use fake timers when
 * a timer is the subject. Read as syntax trees, so a comment or a string never counts and any name of the resolver
 * does: `new Promise((r) => setTimeout(r, n))`, `setTimeout(() => done(), n)` inside a promise's executor,
 * `page.waitForTimeout(n)`, and `setTimeout` or `scheduler.wait` of `timers/promises`. A timer that rejects (a
 * bound on a wait) is not a sleep.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const POLL = 'apps/server/src/testing/poll.ts';

/** Test files and the tests' helpers (the server's testing/ folder, the journeys' folder). */
const testCode = (): string[] =>
  ['apps', 'packages', 'tools']
    .flatMap((dir) => walk(join(root, dir)))
    .filter((f) => !/[/\\](node_modules|dist|coverage)[/\\]/.test(f))
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .filter((f) => {
      const rel = relative(root, f).split('\\').join('/');
      if (rel === POLL) return false;
      return (
        /\.test\.tsx?$/.test(rel) ||
        rel.startsWith('apps/server/src/testing/') ||
        rel.startsWith('apps/web/e2e/')
      );
    });

const isSetTimeout = (e: ts.Expression) => {
  const n = unwrap(e);
  if (ts.isIdentifier(n)) return n.text === 'setTimeout';
  return (
    ts.isPropertyAccessExpression(n) && n.name.text === 'setTimeout' && !ts.isCallExpression(n.expression)
  );
};

/** The names that resolve the promises whose executors enclose `n`: `r` of `new Promise((r, reject) => …)`. */
function resolversAround(n: ts.Node): Set<string> {
  const names = new Set<string>();
  for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
    if (!ts.isArrowFunction(p) && !ts.isFunctionExpression(p)) continue;
    const call = p.parent;
    if (!call || !ts.isNewExpression(call) || call.arguments?.[0] !== p) continue;
    if (!ts.isIdentifier(call.expression) || call.expression.text !== 'Promise') continue;
    const first = p.parameters[0]?.name;
    if (first && ts.isIdentifier(first)) names.add(first.text);
  }
  return names;
}

/** Whether `callback` is a resolver, or a function whose only work is calling one. */
function resolves(callback: ts.Expression | undefined, resolvers: Set<string>): boolean {
  if (!callback) return false;
  const c = unwrap(callback);
  if (ts.isIdentifier(c)) return resolvers.has(c.text);
  if (!ts.isArrowFunction(c) && !ts.isFunctionExpression(c)) return false;
  let body: ts.Node = c.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1) return false;
    const only = body.statements[0]!;
    if (!ts.isExpressionStatement(only)) return false;
    body = only.expression;
  }
  const call = ts.isExpression(body) ? unwrap(body) : body;
  return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && resolvers.has(call.expression.text);
}

/** Every fixed sleep of a tree. */
export function fixedSleeps(sf: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const fromTimersPromises = new Set<string>();
  for (const n of nodes(sf)) {
    if (
      ts.isImportDeclaration(n) &&
      ts.isStringLiteral(n.moduleSpecifier) &&
      /^(node:)?timers\/promises$/.test(n.moduleSpecifier.text)
    ) {
      const bindings = n.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const b of bindings.elements) {
          const imported = (b.propertyName ?? b.name).text;
          if (imported === 'setTimeout' || imported === 'scheduler') fromTimersPromises.add(b.name.text);
        }
      else found.push(n); // the whole module, or by namespace
    }
  }
  for (const n of nodes(sf)) {
    if (!ts.isCallExpression(n)) continue;
    const callee = unwrap(n.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'waitForTimeout') found.push(n);
    else if (ts.isIdentifier(callee) && fromTimersPromises.has(callee.text)) found.push(n);
    else if (
      ts.isPropertyAccessExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      fromTimersPromises.has(callee.expression.text)
    )
      found.push(n);
    else if (isSetTimeout(n.expression) && resolves(n.arguments[0], resolversAround(n))) found.push(n);
  }
  return found;
}

describe('the tests never sleep a fixed time', () => {
  it('no test file or test helper sleeps (poll.ts is the one pause, between two looks)', () => {
    const sleeps = testCode().flatMap((f) => fixedSleeps(parse(f)).map((n) => at(root, n)));
    expect(sleeps).toEqual([]);
  });

  it('finds each planted sleep, however its resolver is named, and not a bound that rejects', () => {
    const planted = (code: string) => fixedSleeps(parse(join(root, 'apps/server/src/planted.test.ts'), code));
    for (const code of [
      'await new Promise((r) => setTimeout(r, 200));',
      'await new Promise((done) => { setTimeout(done, 50); });',
      'await new Promise<void>((ok) => setTimeout(() => ok(), 10));',
      'await new Promise(function (go) { globalThis.setTimeout(() => { go(undefined); }, 10); });',
      'const nextSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));',
      'for (let i = 0; i < 300 && !ready(); i++) await new Promise((r) => setTimeout(r, 50));',
      'await page.waitForTimeout(500);',
      "import { setTimeout as wait } from 'node:timers/promises';\nawait wait(100);",
      "import { scheduler } from 'timers/promises';\nawait scheduler.wait(100);",
      "import * as timers from 'node:timers/promises';",
    ])
      expect(planted(code), code).toHaveLength(1);
    for (const code of [
      "new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hangs')), 5000));",
      'const timer = setTimeout(() => controller.abort(), 10_000);',
      "// await new Promise((r) => setTimeout(r, 200));\nconst s = 'new Promise((r) => setTimeout(r, 1))';",
      'await until(() => ready(), { what: "ready" });',
    ])
      expect(planted(code), code).toHaveLength(0);
  });
});
