import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The web app's feature folders: each may import shared/ and itself, never another feature. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The database layer: only repositories (and the tables themselves) may import these in a module. */
const databaseImports = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    message: 'Only *.repository.ts files query the database.',
  },
  { group: ['**/*.schema.ts'], message: 'Tables are imported by repositories only.' },
];

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
    // Tests read parsed JSON answers.
    files: ['**/*.test.ts', '**/testing/**/*.ts', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-console': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'The platform never depends on a domain module.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's routes, services, access rules, presenters and jobs reach the database through its repositories.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.schema.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: databaseImports }] },
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
