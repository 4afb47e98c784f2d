import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, orderFromFlags, uploadRequest } from './cli.ts';
import { encryptFile } from './crypto.ts';
import { ExitCode } from './errors.ts';

/** Runs the command in-process with captured output. */
async function scan(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  });
  return { code, stdout, stderr };
}

const required = [
  '--server',
  'http://127.0.0.1:1',
  '--user',
  'lab',
  '--password',
  'pw',
  '--device',
  'C1',
  '--type',
  '3',
  '--patient',
  'Ada',
];

let dir: string;
const file = (name: string) => path.join(dir, name);
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-cli-'));
  await writeFile(file('upper.ply'), 'ply\nformat ascii 1.0\nelement vertex 0\nend_header\n');
  await writeFile(file('scan.txt'), '# an OBJ under another name\nv 1 2 3\nv 2 3 4\nf 1 2 1\n');
  await writeFile(file('report.pdf'), '%PDF-1.7\n%binary\n');
  await writeFile(file('notes.stl'), 'hello, this is not a mesh\n');
  await writeFile(file('empty.ply'), '');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('archway-scan help', () => {
  it('--help lists the commands and the exit codes on stdout, exit 0', async () => {
    const r = await scan(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/archway-scan upload --server URL --user NAME --password PW --device SERIAL/);
    expect(r.stdout).toMatch(/archway-scan decrypt --code CODE IN OUT/);
    expect(r.stdout).toMatch(/Exit codes:[\s\S]*130/);
    expect(r.stderr).toBe('');
  });

  it('each command has its own --help (and `help COMMAND`)', async () => {
    const upload = await scan(['upload', '--help']);
    expect(upload.code).toBe(0);
    for (const flag of ['--teeth', '--upper', '--lower', '--design', '--material', '--color', '--implant']) {
      expect(upload.stdout).toContain(flag);
    }
    expect(upload.stdout).toContain('--code CODE');
    expect((await scan(['help', 'upload'])).stdout).toBe(upload.stdout);
    const decrypt = await scan(['decrypt', '-h']);
    expect(decrypt.code).toBe(0);
    expect(decrypt.stdout).toMatch(/^Usage: archway-scan decrypt --code CODE IN OUT/);
    expect((await scan(['help', 'decrypt'])).stdout).toBe(decrypt.stdout);
  });

  it('--version; no command shows the help on stderr with exit 2; an unknown command is exit 2', async () => {
    expect((await scan(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const none = await scan([]);
    expect(none).toMatchObject({ code: ExitCode.usage, stdout: '' });
    expect(none.stderr).toMatch(/Usage:/);
    const unknown = await scan(['uplaod']);
    expect(unknown.code).toBe(ExitCode.usage);
    expect(unknown.stderr).toMatch(/unknown command "uplaod"/);
  });
});

describe('archway-scan upload: the command line', () => {
  it('maps every order flag to the contract order fields', () => {
    const req = uploadRequest(
      [
        ...required,
        '--sex',
        'female',
        '--age',
        '42',
        '--doctor',
        'Dr Who',
        '--clinic',
        'Smile',
        '--phone',
        '+1 555',
        '--due',
        '2027-01-31',
        '--remark',
        'rush',
        '--teeth',
        '11,21, 36',
        '--upper',
        '--lower',
        '--design',
        'thin margin',
        '--material',
        'zirconia',
        '--color',
        'A2',
        '--implant',
        'Straumann',
        '--restoration',
        'crown',
        '--software',
        '2.1.0',
        '--state',
        'st',
        'a.ply',
        'b.stl',
      ],
      {},
    );
    expect(req).toMatchObject({
      server: 'http://127.0.0.1:1',
      user: 'lab',
      password: 'pw',
      device: 'C1',
      files: ['a.ply', 'b.stl'],
      stateDir: path.resolve('st'),
      progress: 'auto',
      order: {
        caseType: 3,
        patientName: 'Ada',
        sex: 'female',
        age: 42,
        doctor: 'Dr Who',
        clinic: 'Smile',
        phone: '+1 555',
        dueDate: '2027-01-31',
        remark: 'rush',
        teeth: [11, 21, 36],
        upperJaw: true,
        lowerJaw: true,
        designRequirement: 'thin margin',
        material: 'zirconia',
        toothColor: 'A2',
        implantType: 'Straumann',
        restorationType: 'crown',
        softwareVersion: '2.1.0',
      },
    });
    expect(req).not.toHaveProperty('code');
  });

  it('takes the password from ARCHWAY_SCAN_PASSWORD and the state directory from ARCHWAY_SCAN_STATE', () => {
    const args = required.filter((a, i) => a !== '--password' && required[i - 1] !== '--password');
    const req = uploadRequest([...args, 'x.ply'], {
      ARCHWAY_SCAN_PASSWORD: 'env-pw',
      ARCHWAY_SCAN_STATE: '/tmp/st',
    });
    expect(req).toMatchObject({ password: 'env-pw', stateDir: '/tmp/st' });
  });

  it('refuses an unknown flag, naming it', async () => {
    const r = await scan(['upload', ...required, '--colour', 'A2', file('upper.ply')]);
    expect(r.code).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(/Unknown option '--colour'/);
    expect(r.stdout).toBe('');
  });

  it('lists every missing required flag', async () => {
    const r = await scan(['upload', '--server', 'http://x', file('upper.ply')]);
    expect(r.code).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(/missing --user, --password, --device, --type, --patient/);
  });

  it('refuses invalid order values by their flag', async () => {
    const bad = async (flags: string[], pattern: RegExp) => {
      const r = await scan(['upload', ...required, ...flags, file('upper.ply')]);
      expect(r.code, r.stderr).toBe(ExitCode.usage);
      expect(r.stderr).toMatch(pattern);
    };
    await bad(['--type', '4'], /--type "4"/);
    await bad(['--teeth', '11,19'], /--teeth 19: an FDI tooth position/);
    await bad(['--due', '31/01/2027'], /--due "31\/01\/2027": a date as YYYY-MM-DD/);
    await bad(['--sex', 'x'], /--sex "x"/);
    await bad(['--age', 'old'], /--age "old"/);
    await bad(['--progress', 'fancy'], /--progress must be one of/);
    await bad(['--server', 'ftp://x'], /--server "ftp:\/\/x" is not an http\(s\) URL/);
  });

  it('takes order-form values from --field NAME=VALUE (repeatable), refusing a malformed or repeated one', async () => {
    const req = uploadRequest(
      [
        ...required,
        '--field',
        'Material=zirconia / Katana',
        '--field',
        ' Extras = Model,Die',
        '--field',
        'Note=a=b',
        'x.ply',
      ],
      {},
    );
    expect(req).toMatchObject({
      orderFields: { Material: 'zirconia / Katana', Extras: 'Model,Die', Note: 'a=b' },
    });
    expect(uploadRequest([...required, 'x.ply'], {})).not.toHaveProperty('orderFields');
    const bad = async (flags: string[], pattern: RegExp) => {
      const r = await scan(['upload', ...required, ...flags, file('upper.ply')]);
      expect(r.code, r.stderr).toBe(ExitCode.usage);
      expect(r.stderr).toMatch(pattern);
    };
    await bad(['--field', 'Material'], /--field "Material": write NAME=VALUE/);
    await bad(['--field', '=PFM'], /--field "=PFM": write NAME=VALUE/);
    await bad(['--field', 'A=1', '--field', 'a=2'], /--field "a" is given twice/);
  });

  it('form: --help, and every missing flag listed', async () => {
    const help = await scan(['form', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: archway-scan form --server URL/);
    expect((await scan(['help', 'form'])).stdout).toBe(help.stdout);
    const r = await scan(['form', '--server', 'http://x']);
    expect(r.code).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(/form: missing --user, --password, --device, --type/);
    const type = await scan([
      'form',
      '--server',
      'http://x',
      '--user',
      'a',
      '--password',
      'b',
      '--device',
      'C1',
      '--type',
      '4',
    ]);
    expect(type.code).toBe(ExitCode.usage);
    expect(type.stderr).toMatch(/--type must be 1, 2 or 3/);
  });

  it('needs at least one file', async () => {
    const r = await scan(['upload', ...required]);
    expect(r.code).toBe(ExitCode.usage);
    expect(r.stderr).toMatch(/no scan files given/);
  });
});

describe('archway-scan upload: files are checked by content before anything is sent', () => {
  const run = (...files: string[]) => scan(['upload', ...required, '--state', file('state'), ...files]);

  it('refuses a missing file', async () => {
    const r = await run(file('upper.ply'), file('nope.ply'));
    expect(r.code).toBe(ExitCode.file);
    expect(r.stderr).toMatch(/nope\.ply: no such file/);
  });

  it('refuses files that are not scans whatever their name, and empty files', async () => {
    for (const [name, pattern] of [
      ['report.pdf', /report\.pdf: not a PLY, STL or OBJ scan \(checked by its content\)/],
      ['notes.stl', /notes\.stl: not a PLY, STL or OBJ scan/],
      ['empty.ply', /empty\.ply: empty file/],
    ] as const) {
      const r = await run(file('upper.ply'), file(name));
      expect(r.code, name).toBe(ExitCode.file);
      expect(r.stderr).toMatch(pattern);
    }
    const folder = await run(dir);
    expect(folder.code).toBe(ExitCode.file);
    expect(folder.stderr).toMatch(/not a regular file/);
  });

  it('refuses two files of the same name', async () => {
    await mkdir(file('other'), { recursive: true });
    await writeFile(file('other/upper.ply'), await readFile(file('upper.ply')));
    const r = await run(file('upper.ply'), file('other/upper.ply'));
    expect(r.code).toBe(ExitCode.file);
    expect(r.stderr).toMatch(/two files are named upper\.ply/);
  });

  it('accepts scans by content (an OBJ named .txt) and then fails to reach a dead server with exit 7', async () => {
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const args = required.map((a) => (a === 'http://127.0.0.1:1' ? `http://127.0.0.1:${port}` : a));
    const r = await scan(['upload', ...args, '--state', file('state'), file('upper.ply'), file('scan.txt')]);
    expect(r.code, r.stderr).toBe(ExitCode.network);
    expect(r.stderr).toMatch(
      new RegExp(
        `sign-in: POST http://127\\.0\\.0\\.1:${port}/account/token failed: ECONNREFUSED; run the same`,
      ),
    );
  });
});

describe('archway-scan decrypt', () => {
  it('restores the original with the right code; refuses a wrong one with exit 8 and no OUT', async () => {
    await encryptFile(file('upper.ply'), file('upper.enc'), '112233');
    const ok = await scan(['decrypt', '--code', '112233', file('upper.enc'), file('restored.ply')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(await readFile(file('restored.ply'), 'utf8')).toBe(await readFile(file('upper.ply'), 'utf8'));

    const wrong = await scan(['decrypt', '--code', '000000', file('upper.enc'), file('wrong.ply')]);
    expect(wrong.code).toBe(ExitCode.decrypt);
    expect(wrong.stderr).toMatch(/wrong management code, or the file was damaged/);
    await expect(stat(file('wrong.ply'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a plaintext file, a missing IN, a missing --code and a wrong argument count', async () => {
    const plain = await scan(['decrypt', '--code', '1', file('upper.ply'), file('x.ply')]);
    expect(plain.code).toBe(ExitCode.decrypt);
    expect(plain.stderr).toMatch(/not an encrypted scan file/);
    expect((await scan(['decrypt', '--code', '1', file('none'), file('x.ply')])).code).toBe(ExitCode.file);
    expect((await scan(['decrypt', file('upper.enc'), file('x.ply')])).code).toBe(ExitCode.usage);
    expect((await scan(['decrypt', '--code', '1', file('upper.enc')])).code).toBe(ExitCode.usage);
    expect((await scan(['decrypt', '--code', '1', file('upper.enc'), file('upper.enc')])).code).toBe(
      ExitCode.usage,
    );
  });
});

describe('orderFromFlags', () => {
  it('leaves absent flags out', () => {
    expect(orderFromFlags({ type: '1', patient: 'Bo' })).toEqual({ caseType: 1, patientName: 'Bo' });
  });
});
