import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import archway from './tools/lint/rules/boundaries.js';

/** The web app's feature folders: each may import shared/ and itself, never another feature. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const root = fileURLToPath(new URL('.', import.meta.url));
const modulesDir = `${root}apps/server/src/modules`;

/**
 * The server's module graph, written once (apps/server/src/modules/graph.json): which modules each module may
 * depend on. Checked here on resolved paths (so `./x.repository` without its extension, `import()` and `export …
 * from` count too) and by tools/lint/module-graph.test.ts (no cycle; ARCHITECTURE.md shows the same list).
 */
const graphFile = JSON.parse(readFileSync(`${modulesDir}/graph.json`, 'utf8'));
const moduleGraph = graphFile.modules;
/** The modules whose tables each module reads beyond its code edges (graph.json "tableReads" and the reads against). */
const tableReads = (name) => [
  ...(graphFile.tableReads?.[name] ?? []),
  ...Object.keys(graphFile.tableReadsAgainstGraph?.[name] ?? {}),
];
const moduleFiles = (suffix) =>
  Object.keys(moduleGraph).flatMap((m) =>
    readdirSync(`${modulesDir}/${m}`)
      .filter((f) => f.endsWith(suffix))
      .map((f) => `./${m}/${f}`),
  );
/**
 * A table read is an edge too (docs/decisions.md, "Tables and the module graph"): a module may name the tables of the
 * modules it uses and of those graph.json lets it read (tools/lint/module-graph.test.ts checks the rest).
 */
const tableFilesOf = (modules) => moduleFiles('.schema.ts').filter((f) => modules.includes(f.split('/')[1]));
const repositoryFiles = moduleFiles('.repository.ts');

/** Each module: only itself, the modules the graph lets it use, and tables; never another module's repository. */
const moduleZones = Object.entries(moduleGraph).flatMap(([name, uses]) => [
  {
    target: `./apps/server/src/modules/${name}`,
    from: './apps/server/src/modules',
    except: [`./${name}`, ...uses.map((u) => `./${u}`), ...tableFilesOf(tableReads(name)), './graph.json'],
    message:
      `Module graph: ${name} may use ${uses.join(', ') || 'no other module'}` +
      (tableReads(name).length ? ` and read the tables of ${tableReads(name).join(', ')}` : '') +
      ' (apps/server/src/modules/graph.json).',
  },
  {
    target: `./apps/server/src/modules/${name}`,
    from: repositoryFiles
      .filter((f) => !f.startsWith(`./${name}/`))
      .map((f) => `./apps/server/src/modules${f.slice(1)}`),
    message: "A module reaches another's data through its service or access rules, never its repository.",
  },
]);

/** Resolved paths of the database layer, for the zones below (globs: absolute, as import-x matches them). */
const at = (glob) => `${root}${glob}`;
const drizzleAndTables = [
  at('**/node_modules/drizzle-orm/**'),
  at('**/node_modules/pg/**'),
  at('**/node_modules/@electric-sql/**'),
  at('apps/server/src/modules/**/*.schema.ts'),
];
const layer = (suffix) => at(`apps/server/src/modules/**/*${suffix}`);
/** Layers inside every module, on resolved paths: what static `no-restricted-imports` patterns cannot see. */
const layerZones = [
  {
    target: layer('.routes.ts'),
    from: [layer('.repository.ts')],
    message: 'Routes call services; services call repositories.',
  },
  {
    target: layer('.repository.ts'),
    from: ['.routes.ts', '.service.ts', '.access.ts', '.presenter.ts'].map(layer),
    message: 'Repositories depend on tables only.',
  },
];
/**
 * Presenters are pure: no value import (static, re-export or import()) of a repository, service, another module's
 * access rule, a route, a job or the database, with or without its extension. Types of rows are welcome (`import
 * type`), and so are the decisions of its own module's access file (`./x.access.ts`): the `actions` a row offers are
 * decided there, once, for the presenter and the service alike (issue 31).
 */
const impure =
  '/[.](repository|service|routes|jobs)([.]ts)?$|^[.][.].*[.]access([.]ts)?$|^(drizzle-orm|pg|@electric-sql)|platform.db.client/';
const presenterSelectors = [
  `ImportDeclaration[importKind!='type'][source.value=${impure}]`,
  `ExportNamedDeclaration[exportKind!='type'][source.value=${impure}]`,
  `ExportAllDeclaration[exportKind!='type'][source.value=${impure}]`,
  `ImportExpression[source.value=${impure}]`,
].map((selector) => ({
  selector,
  message:
    'Presenters are pure: they shape rows already read, never read (no repository, service, access or db).',
}));

/** Every file of a module but its repositories and tables (the block that applies it says which files). */
const databaseZone = {
  target: './apps/server/src/modules',
  from: drizzleAndTables,
  message: 'Only *.repository.ts files query the database (Drizzle, pg, tables).',
};

/** The database layer: only repositories (and the tables themselves) may import these in a module. */
const databaseImports = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'Only *.repository.ts files query the database.',
  },
  { group: ['**/*.schema.ts'], message: 'Tables are imported by repositories only.' },
];

/** What sits above the modules: importing it would reach any module, around the graph. */
const aboveModulesZone = {
  target: './apps/server/src/modules',
  from: [
    './apps/server/src/app.ts',
    './apps/server/src/server.ts',
    './apps/server/src/admin-cli.ts',
    './apps/server/src/demo',
    './apps/server/src/testing',
    './apps/server/bench',
  ],
  message:
    'Modules never import the app, the demo data, the test helpers or the benchmarks (a way around the graph).',
};

const platformZone = {
  target: './apps/server/src/platform',
  from: './apps/server/src/modules',
  message: 'The platform never depends on a domain module.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Boundaries read on the syntax tree (tools/lint/rules/boundaries.js; issue 31): import() names its module in a
    // plain string everywhere in the apps (the benchmarks load another checkout's code by design).
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['apps/*/bench/**'],
    plugins: { archway },
    rules: { 'archway/no-computed-import': 'error' },
  },
  {
    // No require, createRequire or node:module in the server's modules and the web app: code loaded around `import`
    // is code lint cannot check. Nor eval or new Function, which could do the same.
    files: ['apps/server/src/modules/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'archway/no-require': 'error',
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // A repository is reached only by the files that import it: never re-exported, never handed on.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/testing/**'],
    rules: { 'archway/no-repository-reexport': 'error' },
  },
  {
    // Only repositories query the database, however the handle is reached (`db.execute`, `tx.insert`, a destructured
    // `execute`, a `sql` template): the import rules below see only what is imported, this sees what is called.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.schema.ts', '**/*.test.ts'],
    rules: { 'archway/database-in-repositories': 'error' },
  },
  {
    // Tests read parsed JSON answers.
    files: ['**/*.test.ts', '**/testing/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [platformZone] }],
    },
  },
  {
    // The module graph and the layers, on resolved paths (tests may reach across modules to set up data).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [platformZone, aboveModulesZone, ...moduleZones, ...layerZones] },
      ],
      // A path lint cannot resolve is a path lint cannot check.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // A module's routes, services, access rules, presenters and jobs reach the database through its repositories.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.schema.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: databaseImports }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [platformZone, aboveModulesZone, ...moduleZones, ...layerZones, databaseZone] },
      ],
    },
  },
  {
    // Routes are thin: they call services, never repositories.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...databaseImports,
            { group: ['**/*.repository.ts'], message: 'Routes call services; services call repositories.' },
          ],
        },
      ],
    },
  },
  {
    // Dependencies go one way: a repository knows nothing of the layers above it.
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.routes.ts', '**/*.service.ts', '**/*.access.ts', '**/*.presenter.ts'],
              message: 'Repositories depend on tables only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.presenter.ts'],
    rules: { 'no-restricted-syntax': ['error', ...presenterSelectors] },
  },
  {
    files: [
      'apps/server/src/modules/**/*.service.ts',
      'apps/server/src/modules/**/*.access.ts',
      'apps/server/src/modules/**/*.presenter.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...databaseImports,
            { group: ['**/*.routes.ts'], message: 'Services never depend on routes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // app → features → shared; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/shared',
              from: './apps/web/src/features',
              message: 'shared/ never depends on a feature.',
            },
            {
              target: './apps/web/src/shared',
              from: './apps/web/src/app',
              message: 'shared/ never depends on the app shell.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never depend on the app shell.',
            },
            ...webFeatures.map((name) => ({
              target: `./apps/web/src/features/${name}`,
              from: './apps/web/src/features',
              except: [`./${name}`],
              message: 'Features never import each other: move what both need to shared/.',
            })),
          ],
        },
      ],
    },
  },
);
