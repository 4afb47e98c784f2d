import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module shape is enforced by lint, not habit: each planted violation below must be reported by the
 * repository's own ESLint configuration (files are linted as text at a path inside the tree, never written).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function rulesAt(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const found = await rulesAt(
      'apps/web/src/features/home/planted.ts',
      "import { LanguagePanel } from '../settings/components/LanguagePanel.tsx';\nexport const x = LanguagePanel;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*Features never import each other/);
  });

  it('refuses shared/ importing a feature or the app shell', async () => {
    const found = await rulesAt(
      'apps/web/src/shared/planted.ts',
      "import { routes } from '../app/route-table.ts';\nexport const x = routes;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*shared\/ never depends on the app shell/);
  });

  it('refuses Drizzle or a table in a service, and a repository in a route', async () => {
    const service = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      "import { eq } from 'drizzle-orm';\nimport { devices } from './devices.schema.ts';\nexport const x = [eq, devices];\n",
    );
    expect(service.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(2);
    const route = await rulesAt(
      'apps/server/src/modules/devices/planted.routes.ts',
      "import * as repo from './devices.repository.ts';\nexport const x = repo;\n",
    );
    expect(route.join('\n')).toMatch(/no-restricted-imports.*Routes call services/);
  });

  it('lets a repository import Drizzle and its tables', async () => {
    const found = await rulesAt(
      'apps/server/src/modules/devices/planted.repository.ts',
      "import { eq } from 'drizzle-orm';\nimport { devices } from './devices.schema.ts';\nexport const x = [eq, devices];\n",
    );
    expect(found.filter((m) => m.startsWith('no-restricted'))).toEqual([]);
  });

  // Issue 23: the bypasses lint let through when it matched import strings instead of resolved paths.
  it('refuses a repository in a route imported without its extension', async () => {
    const found = await rulesAt(
      'apps/server/src/modules/devices/planted.routes.ts',
      "import * as repo from './devices.repository';\nexport const x = repo;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*Routes call services/);
  });

  it('refuses Drizzle and tables reached by a dynamic import() in a service', async () => {
    const drizzle = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      "export async function x() {\n  const { eq } = await import('drizzle-orm');\n  return eq;\n}\n",
    );
    expect(drizzle.join('\n')).toMatch(
      /no-restricted-paths.*Only \*\.repository\.ts files query the database/,
    );
    const table = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      "export async function x() {\n  return (await import('./devices.schema')).devices;\n}\n",
    );
    expect(table.join('\n')).toMatch(/no-restricted-paths.*Only \*\.repository\.ts files query the database/);
  });

  it('refuses an import() of a computed path in a module, and a path lint cannot resolve', async () => {
    const computed = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      'export async function x(name: string) {\n  return import(`./${name}.repository.ts`);\n}\n',
    );
    expect(computed.join('\n')).toMatch(/archway\/no-computed-import.*computed path/);
    const unresolved = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      "import { x } from './no-such-file.ts';\nexport const y = x;\n",
    );
    expect(unresolved.join('\n')).toMatch(/import-x\/no-unresolved/);
  });

  it('keeps presenters pure: no repository, no service (of its module or another), no database', async () => {
    for (const code of [
      "import * as repo from './devices.repository.ts';\nexport const x = repo;\n",
      "import * as repo from './devices.repository';\nexport const x = repo;\n",
      "import { listDevices } from './devices.service.ts';\nexport const x = listDevices;\n",
      "import { findCustomer } from '../orgs/orgs.service.ts';\nexport const x = findCustomer;\n",
      "import { canSee } from '../orgs/orgs.access.ts';\nexport const x = canSee;\n",
      "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    ]) {
      const found = await rulesAt('apps/server/src/modules/devices/planted.presenter.ts', code);
      expect(found.join('\n'), code).toMatch(/Presenters are pure/);
    }
    for (const code of [
      "export async function x() {\n  return (await import('./devices.repository')).listDevices;\n}\n",
      "export { listDevices } from './devices.service';\n",
    ]) {
      const found = await rulesAt('apps/server/src/modules/devices/planted.presenter.ts', code);
      expect(found.join('\n'), code).toMatch(/Presenters are pure/);
    }
    // The types of the rows it shapes are welcome, and so are its own module's access decisions (the actions a row
    // offers, decided once for the presenter and the service: issue 31).
    for (const code of [
      "import type { DeviceRow } from './devices.repository.ts';\nexport const x = (r: DeviceRow) => r;\n",
      "import { canSee } from './devices.access.ts';\nexport const x = canSee;\n",
    ]) {
      const found = await rulesAt('apps/server/src/modules/devices/planted.presenter.ts', code);
      expect(
        found.filter((m) => /no-restricted/.test(m)),
        code,
      ).toEqual([]);
    }
  });

  it("refuses another module's repository, even along an allowed edge and through a re-export", async () => {
    // cases may use devices (graph.json), but only its services and access rules.
    for (const code of [
      "import { findDevice } from '../devices/devices.repository.ts';\nexport const x = findDevice;\n",
      "export * from '../devices/devices.repository';\n",
      "export async function x() {\n  return import('../devices/devices.repository.ts');\n}\n",
    ]) {
      const found = await rulesAt('apps/server/src/modules/cases/planted.service.ts', code);
      expect(found.join('\n'), code).toMatch(/no-restricted-paths.*never its repository/);
    }
  });

  it('refuses an edge the module graph does not have, and one that would make a pair both ways', async () => {
    // devices does not use cases (cases uses devices).
    const upward = await rulesAt(
      'apps/server/src/modules/devices/planted.service.ts',
      "import { caseDetail } from '../cases/cases.service.ts';\nexport const x = caseDetail;\n",
    );
    expect(upward.join('\n')).toMatch(/no-restricted-paths.*Module graph: devices may use (?!.*\bcases\b)/);
    // devices uses notices: notices using devices back would be a pair both ways.
    const back = await rulesAt(
      'apps/server/src/modules/notices/planted.ts',
      "export async function x() {\n  return (await import('../devices/devices.service')).listDevices;\n}\n",
    );
    expect(back.join('\n')).toMatch(/no-restricted-paths.*Module graph: notices may use no other module/);
  });

  it('refuses a module reaching around the graph through the app, the demo data or the test helpers', async () => {
    for (const code of [
      "import { buildApp } from '../../app.ts';\nexport const x = buildApp;\n",
      "import { seedDemo } from '../../demo/seed';\nexport const x = seedDemo;\n",
      "export async function x() {\n  return import('../../testing/factories.ts');\n}\n",
    ]) {
      const found = await rulesAt('apps/server/src/modules/devices/planted.service.ts', code);
      expect(found.join('\n'), code).toMatch(/no-restricted-paths.*around the graph/);
    }
  });

  it("lets a repository name another module's tables (foreign keys and joins) and a service use an allowed module", async () => {
    const repository = await rulesAt(
      'apps/server/src/modules/devices/planted.repository.ts',
      "import { customers } from '../orgs/orgs.schema.ts';\nexport const x = customers;\n",
    );
    expect(repository.filter((m) => m.startsWith('import-x/no-restricted-paths'))).toEqual([]);
    const service = await rulesAt(
      'apps/server/src/modules/cases/planted.service.ts',
      "import * as devices from '../devices/devices.service.ts';\nexport const x = devices;\n",
    );
    expect(service.filter((m) => /no-restricted|no-unresolved/.test(m))).toEqual([]);
  });

  it('refuses a table read the graph does not have (a read is an edge too), and lets one it has through', async () => {
    // notices may read the tables of orgs (graph.json "tableReadsAgainstGraph"), not those of cases.
    const off = await rulesAt(
      'apps/server/src/modules/notices/planted.repository.ts',
      "import { cases } from '../cases/cases.schema.ts';\nexport const x = cases;\n",
    );
    expect(off.join('\n')).toMatch(
      /no-restricted-paths.*Module graph: notices may use no other module and read/,
    );
    const listed = await rulesAt(
      'apps/server/src/modules/notices/planted.repository.ts',
      "import { customers } from '../orgs/orgs.schema.ts';\nexport const x = customers;\n",
    );
    expect(listed.filter((m) => m.startsWith('import-x/no-restricted-paths'))).toEqual([]);
  });

  it('refuses the platform depending on a module', async () => {
    const found = await rulesAt(
      'apps/server/src/platform/planted.ts',
      "import { devicesRoutes } from '../modules/devices/devices.routes.ts';\nexport const x = devicesRoutes;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*platform never depends/);
  });

  /**
   * Issue 31: the bypasses an import path cannot show, each caught on the syntax tree by a rule of
   * tools/lint/rules/boundaries.js (plugin `archway`). `without` lints the same text with that rule off, to show it is
   * the rule that catches the plant (before it, these passed `npx eslint`).
   */
  describe('on the syntax tree', () => {
    const bare = (rule: string) => new ESLint({ cwd: root, overrideConfig: { rules: { [rule]: 'off' } } });
    async function without(rule: string, path: string, code: string): Promise<string[]> {
      const [result] = await bare(rule).lintText(code, { filePath: `${root}/${path}` });
      return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
    }
    /** The plant is caught by `rule` and by nothing else the configuration has. */
    async function caughtOnlyBy(rule: string, path: string, code: string) {
      const found = await rulesAt(path, code);
      expect(found.join('\n'), code).toContain(`${rule}:`);
      const rest = await without(rule, path, code);
      expect(
        rest.filter((m) => !m.startsWith('@typescript-eslint/')),
        code,
      ).toEqual([]);
    }

    it("refuses createRequire of another module's service (bypass 1)", async () => {
      await caughtOnlyBy(
        'archway/no-require',
        'apps/server/src/modules/devices/planted.service.ts',
        "import { createRequire } from 'node:module';\n" +
          'const load = createRequire(import.meta.url);\n' +
          "export const cases = load('../cases/cases.service.ts') as unknown;\n",
      );
    });

    it('refuses require reached through process.mainModule or getBuiltinModule (own plants)', async () => {
      for (const code of [
        "export const cases = process.mainModule?.require('../cases/cases.service.ts') as unknown;\n",
        "export const cases = (process as any)['mainModule'].require('../cases/cases.service.ts') as unknown;\n",
        "const m = process.getBuiltinModule('module') as any;\nexport const c = m.createRequire(import.meta.url)('../cases/cases.service.ts');\n",
        "const name = ['req', 'uire'].join('');\nexport const c = (globalThis as any)[name]('../cases/cases.service.ts');\n",
      ])
        await caughtOnlyBy('archway/no-require', 'apps/server/src/modules/devices/planted.service.ts', code);
      // TypeScript's own spelling (import-x sees its path too).
      const assigned = await rulesAt(
        'apps/server/src/modules/devices/planted.service.ts',
        "import cases = require('../cases/cases.service.ts');\nexport const c = cases;\n",
      );
      expect(assigned.join('\n')).toMatch(/archway\/no-require/);
      // And in the web app, where a feature could reach another feature the same way.
      await caughtOnlyBy(
        'archway/no-require',
        'apps/web/src/features/home/planted.ts',
        "const load = require;\nexport const x = load('../settings/components/LanguagePanel.tsx') as unknown;\n",
      );
    });

    it('refuses a service running db.execute("update …") itself (bypass 2)', async () => {
      await caughtOnlyBy(
        'archway/database-in-repositories',
        'apps/server/src/modules/devices/planted.service.ts',
        "import type { Db } from '../../platform/db/client.ts';\n" +
          "export async function rename(db: Db, id: string) {\n  await db.execute(`update devices set name = 'x' where id = '${id}'`);\n}\n",
      );
    });

    it('refuses a statement through a destructured, aliased or transaction handle (own plants)', async () => {
      for (const code of [
        // `execute` taken out of the transaction: no `tx.` before the call.
        "import type { Db } from '../../platform/db/client.ts';\n" +
          "export async function rename(db: Db) {\n  await db.transaction(async (t) => {\n    const { execute } = t;\n    await execute('update devices set name = 1');\n  });\n}\n",
        // An alias of the handle under another name, and a computed member of it.
        "import type { Queryable } from '../../platform/db/client.ts';\n" +
          'export async function rename(q: Queryable) {\n  const handle = q;\n  await handle.update({} as never).set({});\n}\n',
        "import type { Tx } from '../../platform/db/client.ts';\n" +
          "export const run = (x: Tx, verb: 'execute') => x[verb]('delete from devices');\n",
        'export const run = (platform: { db: unknown }) => (platform.db as any).select().from({} as never);\n',
      ])
        await caughtOnlyBy(
          'archway/database-in-repositories',
          'apps/server/src/modules/devices/planted.service.ts',
          code,
        );
      // A transaction run by the service, its statements by the repository, and other things called `delete`: welcome.
      const fine = await rulesAt(
        'apps/server/src/modules/devices/planted.service.ts',
        "import type { Db } from '../../platform/db/client.ts';\nimport * as repo from './devices.repository.ts';\n" +
          'const seen = new Map<string, number>();\n' +
          'export async function rename(db: Db, storage: { delete(k: string): Promise<void> }) {\n' +
          "  seen.delete('x');\n  await storage.delete('k');\n" +
          "  return db.transaction(async (tx) => repo.findDevice(tx, 'id'));\n}\n",
      );
      expect(fine.filter((m) => m.startsWith('archway/'))).toEqual([]);
    });

    it('refuses a template-literal import() in the web reaching another feature (bypass 3)', async () => {
      for (const code of [
        'export const panel = () => import(`../settings/components/LanguagePanel.tsx`);\n',
        'export const panel = (name: string) => import(`../${name}/components/LanguagePanel.tsx`);\n',
        "const where = '../settings/components/LanguagePanel.tsx';\nexport const panel = () => import(where);\n",
      ])
        await caughtOnlyBy('archway/no-computed-import', 'apps/web/src/features/home/planted.ts', code);
    });

    it('refuses export * of a repository through a helper (bypass 4)', async () => {
      // devices/planted.ts hands on the repository; cases may use devices (graph.json) and would import the helper.
      await caughtOnlyBy(
        'archway/no-repository-reexport',
        'apps/server/src/modules/devices/planted.ts',
        "export * from './devices.repository.ts';\n",
      );
      const helper = await rulesAt(
        'apps/server/src/modules/devices/planted.ts',
        "export * as repo from './devices.repository';\n",
      );
      expect(helper.join('\n')).toMatch(/archway\/no-repository-reexport/);
    });

    it('refuses a repository imported whole and handed on as an object, or one by one outside a service (own plants)', async () => {
      for (const code of [
        "import * as repo from './devices.repository.ts';\nexport const devices = repo;\n",
        "import * as repo from './devices.repository.ts';\nexport const devices = { ...repo };\n",
        "import * as repo from './devices.repository.ts';\nconst all = [repo];\nexport default all;\n",
        "import * as repo from './devices.repository.ts';\nexport const get = () => repo;\n",
        "import { findDevice } from './devices.repository.ts';\nexport { findDevice };\n",
        "import * as repo from './devices.repository.ts';\nexport const api = { find: repo.findDevice };\n",
        "export { findDevice } from './devices.repository.ts';\n",
      ])
        await caughtOnlyBy(
          'archway/no-repository-reexport',
          'apps/server/src/modules/devices/planted.ts',
          code,
        );
      // A service names its repository's functions one by one as its module's interface; types travel anywhere.
      for (const code of [
        "export { findDevice } from './devices.repository.ts';\n",
        "import * as repo from './devices.repository.ts';\nexport const findDevice = repo.findDevice;\n",
        "import * as repo from './devices.repository.ts';\nexport const rows = (ids: string[]) => ids.map((id) => repo.findDevice({} as never, id));\n",
        "export type { DeviceRow } from './devices.repository.ts';\n",
      ]) {
        const found = await rulesAt('apps/server/src/modules/devices/planted.service.ts', code);
        expect(
          found.filter((m) => m.startsWith('archway/')),
          code,
        ).toEqual([]);
      }
    });
  });
});
