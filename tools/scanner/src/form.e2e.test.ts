import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType, OrderFormErrors } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../../apps/server/src/testing/test-app.ts';
import {
  factories,
  type DeviceRef,
  type Factories,
  type OrgRef,
} from '../../../apps/server/src/testing/factories.ts';
import { hashPassword } from '../../../apps/server/src/platform/identity/passwords.ts';
import { users } from '../../../apps/server/src/modules/account/users.schema.ts';
import { customers } from '../../../apps/server/src/modules/orgs/orgs.schema.ts';
import { cases } from '../../../apps/server/src/modules/cases/cases.schema.ts';
import { orderForms, orderFormVersions } from '../../../apps/server/src/modules/orders/orders.schema.ts';
import { sampleArchPly } from '../../../apps/server/src/modules/cases/sample-scan.ts';
import { ExitCode } from './errors.ts';

/**
 * `archway-scan form` and `upload --field` against the real server in-process, the command as a child process.
 */

const BIN = fileURLToPath(new URL('../bin/archway-scan.js', import.meta.url));
const PASSWORD = 'form_pass_1';
const LONG = 180_000;

function scan(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const FIELDS = [
  {
    name: 'Material',
    type: 'dropdown' as const,
    mandatory: true,
    options: [{ label: 'zirconia', children: ['Katana'] }, { label: 'e.max' }, { label: 'PFM' }],
  },
  {
    name: 'Extras',
    type: 'checkbox' as const,
    mandatory: false,
    options: [{ label: 'Model' }, { label: 'Die' }],
  },
  { name: 'Urgent', type: 'switch' as const, mandatory: false, options: [] },
];

describe.each(engines)('archway-scan form and --field (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let server: string;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: DeviceRef;
  let dir: string;

  const login = (who: OrgRef) => ['--server', server, '--user', who.owner.username, '--password', PASSWORD];

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    const { db } = t.app.platform;
    clinic = await f.org({ name: `Form clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Form lab ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
    // The lab's published form, version 1.
    await db.update(customers).set({ pageOrder: true }).where(eq(customers.id, lab.custId));
    await db.insert(orderForms).values({ custId: lab.custId, draft: FIELDS, published: 1 });
    await db.insert(orderFormVersions).values({ custId: lab.custId, version: 1, fields: FIELDS });
    const hash = await hashPassword(PASSWORD);
    for (const who of [clinic, outsider])
      await db.update(users).set({ passwordHash: hash }).where(eq(users.id, who.owner.userId));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server = `http://127.0.0.1:${address.port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-form-'));
    await writeFile(path.join(dir, 'upper.ply'), sampleArchPly({ seed: 31 }));
  }, LONG);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, LONG);

  it(
    'form prints the receiving labs’ forms as JSON; another type has none; a device not yours is exit 5',
    async () => {
      const run = await scan(['form', ...login(clinic), '--device', device.serial, '--type', '3']);
      expect(run.code, run.stderr).toBe(ExitCode.ok);
      expect(JSON.parse(run.stdout)).toEqual([
        { custId: lab.custId, custName: lab.name, version: 1, fields: FIELDS },
      ]);
      const none = await scan(['form', ...login(clinic), '--device', device.serial, '--type', '1']);
      expect(none.code, none.stderr).toBe(ExitCode.ok);
      expect(JSON.parse(none.stdout)).toEqual([]);
      const notYours = await scan(['form', ...login(outsider), '--device', device.serial, '--type', '3']);
      expect(notYours.code).toBe(ExitCode.device);
      expect(notYours.stdout).toBe('');
      const missing = await scan(['form', '--server', server, '--device', device.serial]);
      expect(missing.code).toBe(ExitCode.usage);
      expect(missing.stderr).toMatch(/form: missing --user, --password, --type/);
      // The password may come from the environment, as for upload; a wrong one is a refused sign-in.
      const env = await scan(
        [
          'form',
          '--server',
          server,
          '--user',
          clinic.owner.username,
          '--device',
          device.serial,
          '--type',
          '3',
        ],
        { ARCHWAY_SCAN_PASSWORD: PASSWORD },
      );
      expect(env.code, env.stderr).toBe(ExitCode.ok);
      const badPassword = await scan(
        ['form', '--server', server, '--user', clinic.owner.username, '--password', 'nope'].concat([
          '--device',
          device.serial,
          '--type',
          '3',
        ]),
      );
      expect(badPassword.code).toBe(ExitCode.signIn);
    },
    LONG,
  );

  it(
    'upload --field fills the form; a missing required field is refused with its name (exit 6), nothing made',
    async () => {
      const upload = (patient: string, extra: string[]) =>
        scan([
          'upload',
          ...login(clinic),
          '--device',
          device.serial,
          '--type',
          '3',
          '--patient',
          patient,
          '--state',
          path.join(dir, 'state'),
          '--progress',
          'none',
          ...extra,
          path.join(dir, 'upper.ply'),
        ]);
      const count = async () =>
        (await t.app.platform.db.select().from(cases).where(eq(cases.senderCustId, clinic.custId))).length;

      const refused = await upload('Form Patient', ['--field', 'Extras=Model']);
      expect(refused.code).toBe(ExitCode.refused);
      expect(refused.stderr).toContain(`Material: ${OrderFormErrors.fieldRequired.message}`);
      expect(refused.stdout).toBe('');
      const invalid = await upload('Form Patient', ['--field', 'Material=gold']);
      expect(invalid.code).toBe(ExitCode.refused);
      expect(invalid.stderr).toContain(`Material: ${OrderFormErrors.fieldInvalid.message}`);
      expect(await count()).toBe(0);
      const twice = await upload('Form Patient', ['--field', 'Urgent=true', '--field', 'urgent=false']);
      expect(twice.code).toBe(ExitCode.usage);
      expect(twice.stderr).toMatch(/--field "urgent" is given twice/);
      expect((await upload('Form Patient', ['--field', 'Material'])).code).toBe(ExitCode.usage);

      // Fixed: the same files (already uploaded by the refused runs) make the case.
      const done = await upload('Form Patient', [
        '--field',
        'Material=zirconia / Katana',
        '--field',
        'Extras=Model,Die',
        '--field',
        'Urgent=true',
      ]);
      expect(done.code, done.stderr).toBe(ExitCode.ok);
      const id = done.stdout.trim().split('\n').pop()!;
      const detail = (await clinic.owner.call('GET', `/detail/${id}`)).body.data;
      expect(detail.orderForms).toEqual([
        {
          custId: lab.custId,
          custName: lab.name,
          version: 1,
          fields: FIELDS,
          values: { Material: 'zirconia / Katana', Extras: ['Model', 'Die'], Urgent: true },
        },
      ]);
      expect(detail.material).toBe('zirconia / Katana');
      expect(await count()).toBe(1);
    },
    LONG,
  );
});
