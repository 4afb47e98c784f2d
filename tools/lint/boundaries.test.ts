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

  it('refuses the platform depending on a module', async () => {
    const found = await rulesAt(
      'apps/server/src/platform/planted.ts',
      "import { devicesRoutes } from '../modules/devices/devices.routes.ts';\nexport const x = devicesRoutes;\n",
    );
    expect(found.join('\n')).toMatch(/no-restricted-paths.*platform never depends/);
  });
});
