import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The server's source read as syntax trees (TypeScript's compiler API), for tools/lint/module-graph.test.ts: what a
 * file imports, which tables it writes and which rules it spells out. Comments and the words of strings never count
 * as code; what a name refers to is followed through imports, namespaces and simple aliases.
 */

export const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );

export const parse = (file: string, text = readFileSync(file, 'utf8')) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** Every node of a tree, depth first. */
export function nodes(root: ts.Node): ts.Node[] {
  const all: ts.Node[] = [];
  const visit = (n: ts.Node) => {
    all.push(n);
    n.forEachChild(visit);
  };
  visit(root);
  return all;
}

export interface Import {
  /** As written (`../orgs/orgs.schema.ts`). */
  specifier: string;
  /** The file it names, resolved from the importing file (relative specifiers only; else undefined). */
  target: string | undefined;
  kind: 'import' | 'export' | 'dynamic';
  typeOnly: boolean;
  /** Local name → the name it has in the target (`*` for a namespace, `default`). */
  bindings: Map<string, string>;
}

/** The resolved file of a relative specifier, its `.ts` added where it was left out. */
function resolveSpecifier(file: string, specifier: string) {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(file), specifier);
  return /\.(tsx?|json|js)$/.test(path) ? path : `${path}.ts`;
}

/** What a file imports: static imports, `export … from`, and `import()` of a string. */
export function importsOf(sf: ts.SourceFile): Import[] {
  const found: Import[] = [];
  for (const n of nodes(sf)) {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const bindings = new Map<string, string>();
      const clause = n.importClause;
      if (clause?.name) bindings.set(clause.name.text, 'default');
      const named = clause?.namedBindings;
      if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, '*');
      if (named && ts.isNamedImports(named))
        for (const e of named.elements)
          if (!e.isTypeOnly) bindings.set(e.name.text, (e.propertyName ?? e.name).text);
      const specifier = n.moduleSpecifier.text;
      found.push({
        specifier,
        target: resolveSpecifier(sf.fileName, specifier),
        kind: 'import',
        typeOnly: !!clause?.isTypeOnly,
        bindings,
      });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const specifier = n.moduleSpecifier.text;
      found.push({
        specifier,
        target: resolveSpecifier(sf.fileName, specifier),
        kind: 'export',
        typeOnly: n.isTypeOnly,
        bindings: new Map(),
      });
    } else if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteralLike(n.arguments[0])
    ) {
      const specifier = n.arguments[0].text;
      found.push({
        specifier,
        target: resolveSpecifier(sf.fileName, specifier),
        kind: 'dynamic',
        typeOnly: false,
        bindings: new Map(),
      });
    }
  }
  return found;
}

/** `(x)`, `x as T`, `x!`, `x satisfies T`: the expression inside. */
export function unwrap(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
}

/** The name a declaration gives (`function f`, `const f =`, `class F`), if any. */
export function declaredName(n: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name) return n.name.text;
  if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) return n.name.text;
  return undefined;
}

// ---- tables ---------------------------------------------------------------------------------------------------------

export interface Table {
  /** The module whose `*.schema.ts` defines it (`platform` for one of platform/**). */
  owner: string;
  /** Its name in TypeScript (`caseStats`). */
  table: string;
}
export interface TableOwners {
  /** `<schema file>#<export>` → the table. */
  byExport: Map<string, Table>;
  /** The table's SQL name (`case_stats`) → its owner. */
  bySqlName: Map<string, string>;
}

/** The innermost `pgTable('name', …)` of an initializer (`pgTable(…).enableRLS()` included). */
function pgTableCall(e: ts.Expression | undefined): ts.CallExpression | undefined {
  let n = e && unwrap(e);
  while (n && ts.isCallExpression(n)) {
    const callee = unwrap(n.expression);
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : '';
    if (name === 'pgTable' || name === 'table') return n;
    n = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : undefined;
  }
  return undefined;
}

/** Every table of the server: the exported `pgTable(…)` of each `*.schema.ts` under `serverSrc`. */
export function tableOwners(serverSrc: string): TableOwners {
  const byExport = new Map<string, Table>();
  const bySqlName = new Map<string, string>();
  for (const file of walk(serverSrc)) {
    if (!file.endsWith('.schema.ts')) continue;
    const owner = ownerOf(serverSrc, file);
    for (const statement of parse(file).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
      for (const d of statement.declarationList.declarations) {
        const call = pgTableCall(d.initializer);
        const sqlName = call?.arguments[0];
        if (!call || !sqlName || !ts.isStringLiteralLike(sqlName) || !ts.isIdentifier(d.name)) continue;
        byExport.set(`${file}#${d.name.text}`, { owner, table: d.name.text });
        bySqlName.set(sqlName.text, owner);
      }
    }
  }
  return { byExport, bySqlName };
}

/** The module a server file belongs to (`platform` for everything outside modules/). */
export function ownerOf(serverSrc: string, file: string) {
  const [top, name] = relative(serverSrc, file).split('/');
  return top === 'modules' ? name! : 'platform';
}

/**
 * The tables a file can name: imported from a schema (`import { users as people }`), reached through a namespace
 * (`import * as s` … `s.users`), or a local alias of either (`const target = people`).
 */
function tableNames(sf: ts.SourceFile, owners: TableOwners) {
  const local = new Map<string, Table>();
  const namespaces = new Map<string, string>();
  for (const i of importsOf(sf)) {
    if (!i.target?.endsWith('.schema.ts')) continue;
    for (const [name, imported] of i.bindings) {
      if (imported === '*') namespaces.set(name, i.target);
      const table = owners.byExport.get(`${i.target}#${imported}`);
      if (table) local.set(name, table);
    }
  }
  const tableOf = (e: ts.Expression): Table | undefined => {
    const n = unwrap(e);
    if (ts.isIdentifier(n)) return local.get(n.text);
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
      const schema = namespaces.get(n.expression.text);
      return schema ? owners.byExport.get(`${schema}#${n.name.text}`) : undefined;
    }
    return undefined;
  };
  for (const n of nodes(sf))
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const table = tableOf(n.initializer);
      if (table) local.set(n.name.text, table);
    }
  return tableOf;
}

/** The text of a string or template, each `${…}` as `${#i}` with its expression at `spans[i]`. */
function literalText(n: ts.Node): { text: string; spans: ts.Expression[] } | undefined {
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return { text: n.text, spans: [] };
  if (!ts.isTemplateExpression(n)) return undefined;
  let text = n.head.text;
  const spans: ts.Expression[] = [];
  for (const s of n.templateSpans) {
    text += `\${#${spans.length}}${s.literal.text}`;
    spans.push(s.expression);
  }
  return { text, spans };
}

/**
 * The writes of one server file that name another owner's table, as `file: verb table (owner)`: drizzle's
 * `.insert(t)`, `.update(t)`, `.delete(t)` on anything (a table by its import, namespace or alias), then raw SQL in
 * any string or template (a `sql` tag, `sql.raw`, a plain string) INSERT INTO / UPDATE / DELETE FROM a table by its
 * SQL name or as `${table}`. Comments are not code and never count.
 */
export function foreignWrites(
  root: string,
  serverSrc: string,
  file: string,
  text: string,
  owners: TableOwners,
) {
  const sf = parse(file, text);
  const mine = ownerOf(serverSrc, file);
  const tableOf = tableNames(sf, owners);
  const where = relative(root, file);
  const drizzle: string[] = [];
  const raw: string[] = [];
  for (const n of nodes(sf)) {
    if (ts.isCallExpression(n) && n.arguments[0]) {
      const callee = unwrap(n.expression);
      const verb = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)
          ? callee.argumentExpression.text
          : undefined;
      const t = verb && /^(insert|update|delete)$/.test(verb) ? tableOf(n.arguments[0]) : undefined;
      if (t && t.owner !== mine) drizzle.push(`${where}: ${verb} ${t.table} (${t.owner})`);
    }
    const literal = literalText(n);
    if (!literal) continue;
    for (const m of literal.text.matchAll(
      /\b(insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{#(\d+)\})/gi,
    )) {
      const verb = m[1]!.split(/\s/)[0]!.toLowerCase();
      const t = m[3] !== undefined ? tableOf(literal.spans[Number(m[3])]!) : undefined;
      const owner = m[2] ? owners.bySqlName.get(m[2]) : t?.owner;
      const table = m[2] ?? t?.table;
      if (owner && owner !== mine) raw.push(`${where}: ${verb} ${table} (${owner}, raw sql)`);
    }
  }
  return [...drizzle, ...raw];
}

// ---- rules written out ----------------------------------------------------------------------------------------------

/** A node's line in its file, for a message. */
export const at = (root: string, n: ts.Node) => {
  const sf = n.getSourceFile();
  return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
};

/** Names a privacy value: `privacy`, `c.privacy`, `customers.privacy`, `org.privacy`, or a bit `Privacy.email`. */
const namesPrivacy = (e: ts.Expression) => {
  const n = unwrap(e);
  if (ts.isIdentifier(n)) return /privacy/i.test(n.text);
  if (ts.isPropertyAccessExpression(n))
    return /privacy/i.test(n.name.text) || (ts.isIdentifier(n.expression) && n.expression.text === 'Privacy');
  return false;
};

/** The places of a tree that spell out a privacy test: `privacy & bit` in code, `privacy & ${bit}` in SQL. */
export function privacyTests(sf: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  for (const n of nodes(sf)) {
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.AmpersandToken &&
      (namesPrivacy(n.left) || namesPrivacy(n.right))
    )
      found.push(n);
    const literal = literalText(n);
    if (!literal) continue;
    // `&` between two operands in SQL, one of them naming privacy (a column or a `${…}` that does).
    for (const m of literal.text.matchAll(/([\w."]+|\$\{#\d+\})\s*&(?!&)\s*([\w."]+|\$\{#\d+\})/g)) {
      const operand = (o: string) => {
        const span = /^\$\{#(\d+)\}$/.exec(o);
        return span ? namesPrivacy(literal.spans[Number(span[1])]!) : /privacy/i.test(o);
      };
      if (operand(m[1]!) || operand(m[2]!)) found.push(n);
    }
  }
  return found;
}

/** The places of a tree that escape LIKE wildcards: a regular expression class of `%` and `_`, or a replace of one. */
export function likeEscapes(sf: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  for (const n of nodes(sf)) {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const source = (n as ts.RegularExpressionLiteral).text;
      if ([...source.matchAll(/\[([^\]]*)\]/g)].some((c) => c[1]!.includes('%') && c[1]!.includes('_')))
        found.push(n);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const [first] = n.arguments;
      if (
        /^replace(All)?$/.test(n.expression.name.text) &&
        first &&
        ts.isStringLiteralLike(first) &&
        /^[%_]$/.test(first.text)
      )
        found.push(n);
    }
  }
  return found;
}

/**
 * The functions a tree declares (`function f`, `const f = () =>`, `const f = function`) under one of `names`; with
 * `async`, only async ones.
 */
export function functionsNamed(sf: ts.SourceFile, names: RegExp, only: { async?: boolean } = {}): ts.Node[] {
  const isAsync = (f: ts.Node) =>
    (ts.getCombinedModifierFlags(f as ts.Declaration) & ts.ModifierFlags.Async) !== 0;
  return nodes(sf).filter((n) => {
    const name = declaredName(n);
    if (name === undefined || !names.test(name)) return false;
    if (ts.isFunctionDeclaration(n)) return !only.async || isAsync(n);
    const init = ts.isVariableDeclaration(n) && n.initializer && unwrap(n.initializer);
    if (!init || !(ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return false;
    return !only.async || isAsync(init);
  });
}
