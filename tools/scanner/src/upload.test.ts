import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import { ExitCode } from './errors.ts';

/**
 * The command against a small fake of the server's calls (sign-in, usable devices, a minimal tus, complete), for
 * the paths the real server does not take on demand: a refusal with its message, a lost answer to complete.
 * The real thing is upload.e2e.test.ts.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => boolean | void;

const envelope = (res: ServerResponse, data: unknown, errorCode = 0, errorMessage = '') => {
  res.writeHead(errorCode ? 400 : 200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: !errorCode, errorCode, errorMessage, data }));
};

let server: Server;
let base: string;
let dir: string;
/** Per-test override: return true when it answered. */
let override: Handler | undefined;
const uploads = new Map<string, { length: number; offset: number }>();
const calls: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'archway-scan-fake-'));
  await writeFile(path.join(dir, 'upper.ply'), 'ply\nformat ascii 1.0\nelement vertex 0\nend_header\n');
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '';
    calls.push(`${req.method} ${url.replace(/[0-9a-f-]{36}/, ':id')}`);
    if (override?.(req, res, body)) return;
    if (url === '/account/token') return envelope(res, { AccessToken: 'token', ExpiresIn: 3600 });
    if (url === '/api2/device/scan/usable')
      return envelope(res, { records: [{ number: 'C1', encryptType: 1 }] });
    if (url === '/api/case/upload/complete') return envelope(res, { id: 'case-1' });
    const tus = { 'tus-resumable': '1.0.0' };
    if (req.method === 'POST' && url === '/api/case/upload/') {
      const id = randomUUID();
      uploads.set(id, { length: Number(req.headers['upload-length']), offset: 0 });
      res.writeHead(201, { ...tus, location: `/api/case/upload/${id}` });
      return res.end();
    }
    const u = uploads.get(url.split('/').pop() ?? '');
    if (!u) return res.writeHead(404, tus).end();
    if (req.method === 'PATCH') u.offset += body.length;
    res.writeHead(req.method === 'HEAD' ? 200 : 204, {
      ...tus,
      'upload-offset': String(u.offset),
      'upload-length': String(u.length),
    });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  override = undefined;
  calls.length = 0;
});

async function upload(state: string, extra: string[] = []) {
  let stdout = '';
  let stderr = '';
  const code = await main(
    [
      'upload',
      ...[
        '--server',
        base,
        '--user',
        'u',
        '--password',
        'p',
        '--device',
        'C1',
        '--type',
        '3',
        '--patient',
        'P',
      ],
      ...['--state', path.join(dir, state), ...extra, path.join(dir, 'upper.ply')],
    ],
    {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: {},
    },
  );
  return { code, stdout, stderr };
}

describe('archway-scan upload against a fake server', () => {
  it('prints only the case id on stdout; one line per file on stderr when not a terminal', async () => {
    const r = await upload('ok');
    expect(r).toMatchObject({ code: 0, stdout: 'case-1\n' });
    expect(r.stderr).toMatch(/^upper\.ply: uploaded \d+ B\n$/);
  });

  it("a refusal of complete exits 6 with the server's message", async () => {
    override = (req, res) => {
      if (req.url !== '/api/case/upload/complete') return false;
      envelope(res, { key: 'case.badFile' }, -17, 'Not a PLY, STL or OBJ scan file');
      return true;
    };
    const r = await upload('refused');
    expect(r.code).toBe(ExitCode.refused);
    expect(r.stderr).toMatch(/the server refused the case: Not a PLY, STL or OBJ scan file \(code -17\)/);
    expect(r.stdout).toBe('');
  });

  it('a tus refusal exits 6 with its status and text; device not usable at complete exits 5', async () => {
    override = (req, res) => {
      if (req.method !== 'POST' || req.url !== '/api/case/upload/') return false;
      res.writeHead(413, { 'tus-resumable': '1.0.0', 'content-type': 'text/plain' });
      res.end('Maximum size exceeded\n');
      return true;
    };
    const r = await upload('too-big');
    expect(r.code).toBe(ExitCode.refused);
    expect(r.stderr).toMatch(/the server refused upper\.ply: HTTP 413: Maximum size exceeded/);

    override = (req, res) => {
      if (req.url !== '/api/case/upload/complete') return false;
      envelope(res, { key: 'case.deviceNotUsable' }, -15, 'You may not upload with this device');
      return true;
    };
    const d = await upload('not-usable');
    expect(d.code).toBe(ExitCode.device);
    expect(d.stderr).toMatch(/You may not upload with this device/);
  });

  it('an address that is not Archway (no JSON) is refused clearly', async () => {
    override = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>');
      return true;
    };
    const r = await upload('html');
    expect(r.code).toBe(ExitCode.refused);
    expect(r.stderr).toMatch(/answered HTTP 200 without JSON \(is --server the Archway address\?\)/);
  });

  it('when the answer to complete is lost, the next run asks again for the same uploads and uploads nothing', async () => {
    let completes = 0;
    let ids: unknown;
    override = (req, res, body) => {
      if (req.url !== '/api/case/upload/complete') return false;
      completes += 1;
      const sent = (JSON.parse(body.toString()) as { files: { uploadId: string }[] }).files.map(
        (f) => f.uploadId,
      );
      if (completes === 1) {
        ids = sent;
        res.socket?.destroy(); // the case is made, the answer is lost
        return true;
      }
      expect(sent).toEqual(ids);
      envelope(res, { id: 'case-1' });
      return true;
    };
    const first = await upload('lost');
    expect(first.code).toBe(ExitCode.network);
    expect(first.stderr).toMatch(
      /creating the case: POST .+\/api\/case\/upload\/complete failed: .+; run the same command again/,
    );

    calls.length = 0;
    const second = await upload('lost');
    expect(second).toMatchObject({ code: 0, stdout: 'case-1\n' });
    expect(second.stderr).toMatch(/uploaded by an earlier run/);
    expect(calls).toEqual([
      'POST /account/token',
      'POST /api2/device/scan/usable',
      'POST /api/case/upload/complete',
    ]);
    // Nothing is left in the state directory.
    expect(await readdir(path.join(dir, 'lost', 'jobs'))).toEqual([]);
    expect(await readdir(path.join(dir, 'lost', 'prepared'))).toEqual([]);
  });

  it('renews a token near its end, and after a 401, with the same credentials', async () => {
    let patches = 0;
    let signIns = 0;
    const seen = new Set<string>();
    override = (req, res) => {
      if (req.url === '/account/token') {
        signIns += 1;
        // A token that is always within the renewal margin.
        envelope(res, { AccessToken: `token-${signIns}`, ExpiresIn: 60 });
        return true;
      }
      if (req.url?.startsWith('/api/case/upload')) seen.add(req.headers.authorization ?? '');
      if (req.method === 'PATCH' && ++patches === 1) {
        res.writeHead(401, { 'tus-resumable': '1.0.0' }).end('Session expired\n');
        return true;
      }
      return false;
    };
    const r = await upload('renew');
    expect(r, r.stderr).toMatchObject({ code: 0, stdout: 'case-1\n' });
    expect(patches).toBe(2);
    expect(signIns).toBeGreaterThan(3);
    expect(seen.size).toBeGreaterThan(2);
    expect([...seen].every((h) => /^Bearer token-\d+$/.test(h))).toBe(true);
  });

  it('--progress lines prints a line per percent; --progress none nothing', async () => {
    const lines = await upload('lines', ['--progress', 'lines']);
    expect(lines.code).toBe(0);
    expect(lines.stderr).toMatch(
      /^progress upper\.ply 0% overall 0%\n(.*\n)*progress upper\.ply 100% overall 100%\n$/,
    );
    const none = await upload('none', ['--progress', 'none']);
    expect(none).toMatchObject({ code: 0, stderr: '' });
  });
});
