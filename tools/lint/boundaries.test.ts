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
    expect(computed.join('\n')).toMatch(/no-restricted-syntax.*computed path/);
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
      "import { canSee } from './devices.access.ts';\nexport const x = canSee;\n",
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
    // The types of the rows it shapes are welcome.
    const types = await rulesAt(
      'apps/server/src/modules/devices/planted.presenter.ts',
      "import type { DeviceRow } from './devices.repository.ts';\nexport const x = (r: DeviceRow) => r;\n",
    );
    expect(types.filter((m) => /no-restricted/.test(m))).toEqual([]);
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
    expect(upward.join('\n')).toMatch(/no-restricted-paths.*Module graph: devices may use notices/);
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

  it('refuses the platform depending on a module', async () => {
    const found = await rulesAt(
      'apps/server/src/platform/planted.ts',
      "import { devicesRoutes } from '../modules/devices/devices.routes.ts';\nexport const x = devicesRoutes;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*platform never depends/);
  });
});
