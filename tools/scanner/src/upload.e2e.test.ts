import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../../apps/server/src/testing/test-app.ts';
import {
  factories,
  type DeviceRef,
  type Factories,
  type OrgRef,
} from '../../../apps/server/src/testing/factories.ts';
import { hashPassword } from '../../../apps/server/src/platform/identity/passwords.ts';
import { users } from '../../../apps/server/src/modules/account/users.schema.ts';
import { devices } from '../../../apps/server/src/modules/devices/devices.schema.ts';
import { sampleArchPly } from '../../../apps/server/src/modules/cases/sample-scan.ts';
import { ExitCode } from './errors.ts';

/**
 * archway-scan end to end: the real server in-process on 127.0.0.1, the command as a child process
 * (`node tools/scanner/bin/archway-scan.js`), exactly as a script or a partner runs it.
 */

const BIN = fileURLToPath(new URL('../bin/archway-scan.js', import.meta.url));
const PASSWORD = 'scan_pass_1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LONG = 180_000;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const lastLine = (s: string) => s.trimEnd().split('\n').pop() ?? '';

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs archway-scan; `killWhen` sees stderr as it grows and may kill the process (SIGKILL: no clean-up at all). */
function scan(args: string[], env: Record<string, string> = {}, killWhen?: (stderr: string) => boolean) {
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!killed && killWhen?.(stderr)) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe.each(engines)('archway-scan against the real server (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let server: string;
  let clinic: OrgRef;
  let lab: OrgRef;
  let outsider: OrgRef;
  let device: DeviceRef;
  let secure: DeviceRef;
  let dir: string;

  /** A person who signs in with PASSWORD (factories' people have no password). */
  const withPassword = async (who: OrgRef) => {
    await t.app.platform.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, who.owner.userId));
    return who.owner.username;
  };

  const base = (d: DeviceRef, user: string, patient: string, state = path.join(dir, 'state')) => [
    'upload',
    '--server',
    server,
    '--user',
    user,
    '--password',
    PASSWORD,
    '--device',
    d.serial,
    '--type',
    '3',
    '--patient',
    patient,
    '--state',
    state,
  ];

  const received = async (patient: string) => {
    const res = await lab.owner.call('POST', '/getpaging', { pageSize: 100, keyword: patient });
    expect(res.body.success).toBe(true);
    return (res.body.data.records as any[]).filter((r) => r.patientName === patient);
  };

  /** The stored bytes of each file of a case, as the receiver downloads them. */
  const download = async (caseId: string) => {
    const detail = await lab.owner.call('GET', `/detail/${caseId}`);
    expect(detail.body.success).toBe(true);
    const files: { name: string; body: Buffer }[] = [];
    for (const file of detail.body.data.files as { id: string; name: string }[]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/case/file/${caseId}/${file.id}`,
        headers: lab.owner.headers,
      });
      expect(res.statusCode).toBe(200);
      files.push({ name: file.name, body: res.rawPayload });
    }
    return { detail: detail.body.data, files };
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    clinic = await f.org({ name: `Scan clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Scan lab ${Date.now()}` });
    outsider = await f.org();
    device = await f.device(clinic);
    secure = await f.device(clinic);
    await t.app.platform.db.update(devices).set({ encryptType: 2 }).where(eq(devices.id, secure.deviceId));
    for (const d of [device, secure]) await f.receiver(d, lab, { caseType: 3 });
    await withPassword(clinic);
    await withPassword(outsider);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server = `http://127.0.0.1:${address.port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-e2e-'));
  }, LONG);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, LONG);

  it(
    'uploads a case with its order fields and files; the last line is the case id the receiver sees',
    async () => {
      const upper = sampleArchPly({ seed: 7 });
      await writeFile(path.join(dir, 'upper.ply'), upper);
      const lower = Buffer.from('# lower\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
      await writeFile(path.join(dir, 'lower.obj'), lower);
      const patient = `Ada ${randomBytes(3).toString('hex')}`;
      const run = await scan([
        ...base(device, clinic.owner.username, patient),
        '--sex',
        'female',
        '--age',
        '36',
        '--doctor',
        'Dr Who',
        '--clinic',
        'Smile',
        '--phone',
        '+1 555 0100',
        '--due',
        '2030-01-31',
        '--remark',
        'rush',
        '--teeth',
        '11,21',
        '--upper',
        '--design',
        'thin margin',
        '--material',
        'zirconia',
        '--color',
        'A2',
        '--restoration',
        'crown',
        '--software',
        '1.2.3',
        path.join(dir, 'upper.ply'),
        path.join(dir, 'lower.obj'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const id = lastLine(run.stdout);
      expect(id).toMatch(UUID);
      expect(run.stderr).toMatch(/upper\.ply: uploaded/);
      expect(run.stderr).toMatch(/lower\.obj: uploaded/);

      const rows = await received(patient);
      expect(rows.map((r) => r.id)).toEqual([id]);
      expect(rows[0]).toMatchObject({ crypto: 0, dentist: 'Dr Who', caseType: 3 });
      const { detail, files } = await download(id);
      expect(detail).toMatchObject({
        sex: 'female',
        age: 36,
        clinic: 'Smile',
        phone: '+1 555 0100',
        dueDate: '2030-01-31',
        remark: 'rush',
        teeth: [11, 21],
        upperJaw: true,
        lowerJaw: false,
        designRequirement: 'thin margin',
        material: 'zirconia',
        toothColor: 'A2',
        restorationType: 'crown',
        softwareVersion: '1.2.3',
        deviceNumber: device.serial,
      });
      const byName = Object.fromEntries(files.map((x) => [x.name, sha256(x.body)]));
      expect(byName).toEqual({ 'upper.ply': sha256(upper), 'lower.obj': sha256(lower) });

      // The state directory is clean once the case exists.
      expect(JSON.parse(await readFile(path.join(dir, 'state', 'uploads.json'), 'utf8'))).toEqual({});
      expect(await readdir(path.join(dir, 'state', 'prepared'))).toEqual([]);
    },
    LONG,
  );

  it(
    'an encrypting device: no --code is refused; with it the server stores only ciphertext and decrypt restores it',
    async () => {
      const scanBytes = sampleArchPly({ seed: 11 });
      const file = path.join(dir, 'secret.ply');
      await writeFile(file, scanBytes);
      const patient = `Enc ${randomBytes(3).toString('hex')}`;

      const noCode = await scan([...base(secure, clinic.owner.username, patient), file]);
      expect(noCode.code).toBe(ExitCode.usage);
      expect(noCode.stderr).toMatch(/encrypts its scans: pass its management code with --code/);

      const run = await scan([...base(secure, clinic.owner.username, patient), '--code', '246810', file]);
      expect(run.code, run.stderr).toBe(0);
      const id = lastLine(run.stdout);
      expect((await received(patient)).map((r) => [r.id, r.crypto])).toEqual([[id, 1]]);

      const { files } = await download(id);
      expect(files).toHaveLength(1);
      const stored = files[0]!;
      expect(stored.name).toBe('secret.ply');
      expect(stored.body.subarray(0, 8).toString('latin1')).toBe('AWENC1\0\0');
      expect(stored.body.includes(scanBytes.subarray(0, 64))).toBe(false);
      expect(stored.body.includes(scanBytes.subarray(2000, 2064))).toBe(false);
      const enc = path.join(dir, 'received.ply.enc');
      await writeFile(enc, stored.body);

      const wrong = await scan(['decrypt', '--code', '135790', enc, path.join(dir, 'wrong.ply')]);
      expect(wrong.code).toBe(ExitCode.decrypt);
      expect((await readdir(dir)).filter((n) => n.startsWith('wrong') || n.includes('.part'))).toEqual([]);

      const out = path.join(dir, 'restored.ply');
      const ok = await scan(['decrypt', '--code', '246810', enc, out]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(sha256(await readFile(out))).toBe(sha256(scanBytes));
      // The encrypted copy under the state directory is gone with the upload.
      expect(await readdir(path.join(dir, 'state', 'prepared'))).toEqual([]);
    },
    LONG,
  );

  it(
    'an interrupted upload (killed mid-file) resumes on the next run: byte-identical, exactly one case',
    async () => {
      // A binary little-endian PLY of ~12 MiB of point data.
      const points = 1_000_000;
      const header = Buffer.from(
        `ply\nformat binary_little_endian 1.0\nelement vertex ${points}\nproperty float x\nproperty float y\nproperty float z\nend_header\n`,
      );
      const big = Buffer.concat([header, randomBytes(points * 12)]);
      const file = path.join(dir, 'big.ply');
      await writeFile(file, big);
      const patient = `Big ${randomBytes(3).toString('hex')}`;
      const state = path.join(dir, 'state-resume');
      const args = [...base(device, clinic.owner.username, patient, state), '--progress', 'lines', file];

      // Slowed to 256 KiB per request with a pause before each, and killed once a fifth is sent.
      const first = await scan(
        args,
        { ARCHWAY_SCAN_CHUNK_SIZE: String(256 * 1024), ARCHWAY_SCAN_REQUEST_DELAY_MS: '40' },
        (stderr) => /progress big\.ply (2\d|[3-9]\d)%/.test(stderr),
      );
      expect(first.signal, first.stderr).toBe('SIGKILL');
      expect(first.stdout).toBe('');
      expect(await received(patient)).toEqual([]);

      const second = await scan(args);
      expect(second.code, second.stderr).toBe(0);
      const resumedAt = /big\.ply: resuming at (\d+)%/.exec(second.stderr);
      expect(resumedAt, second.stderr).not.toBeNull();
      expect(Number(resumedAt![1])).toBeGreaterThan(0);
      expect(second.stderr).not.toMatch(/progress big\.ply [0-9]% /);
      const id = lastLine(second.stdout);
      expect(id).toMatch(UUID);

      expect((await received(patient)).map((r) => r.id)).toEqual([id]);
      const { files } = await download(id);
      expect(files.map((x) => [x.name, x.body.length, sha256(x.body)])).toEqual([
        ['big.ply', big.length, sha256(big)],
      ]);
    },
    LONG,
  );

  it(
    'refusals: wrong password (4), a device the user may not use (5), a file that is not a scan (3)',
    async () => {
      const file = path.join(dir, 'ok.ply');
      await writeFile(file, sampleArchPly({ seed: 3 }));
      const wrong = await scan([
        ...base(device, clinic.owner.username, 'X').map((a) => (a === PASSWORD ? 'wrong_pass_9' : a)),
        file,
      ]);
      expect(wrong.code).toBe(ExitCode.signIn);
      expect(wrong.stderr).toMatch(/sign-in refused: .+/);

      const stranger = await scan([...base(device, outsider.owner.username, 'X'), file]);
      expect(stranger.code).toBe(ExitCode.device);
      expect(stranger.stderr).toMatch(new RegExp(`device ${device.serial} is not one`));

      const pdf = path.join(dir, 'scan.ply');
      await writeFile(pdf, '%PDF-1.7\n');
      const notScan = await scan([...base(device, clinic.owner.username, 'X'), pdf]);
      expect(notScan.code).toBe(ExitCode.file);
      expect(notScan.stderr).toMatch(/not a PLY, STL or OBJ scan/);
    },
    LONG,
  );
});
