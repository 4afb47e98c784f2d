import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  COMMENT_IMAGE_MAX,
  CommentErrors,
  FileErrors,
  GenericErrors,
  ProfileAvatarErrors,
  REPORT_FILE_MAX_BYTES,
  ReportErrors,
  type ErrorDef,
} from '@archway/contract';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { factories } from '../testing/factories.ts';
import { sample } from '../testing/multipart.ts';
import { DRAIN_MAX_BYTES } from './error-handler.ts';

/** A business licence's limit (orgs/attachments.routes.ts; the platform imports no module). */
const LICENCE_MAX_BYTES = 10 * 1024 * 1024;

/** A form part: a field (`value`) or a file (`bytes`). */
type Part = { name: string; value: string } | { name: string; filename: string; bytes: Uint8Array };

/** A `multipart/form-data` body of any parts, in order (testing/multipart.ts makes one file and unique fields). */
function form(parts: Part[]) {
  const boundary = `----archway${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        Buffer.from(p.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { success: boolean; errorCode: number; data: { key?: string } | null };
}

/** The four upload calls of the finding, each with its field, its limit and its "too large" refusal. */
const CALLS: { url: string; field: string; max: number; tooLarge: ErrorDef; missing: ErrorDef }[] = [
  {
    url: '/attachment',
    field: 'file',
    max: LICENCE_MAX_BYTES,
    tooLarge: FileErrors.tooLarge,
    missing: FileErrors.missing,
  },
  {
    url: '/api2/user/avatar',
    field: 'avatar',
    max: AVATAR_MAX_BYTES,
    tooLarge: ProfileAvatarErrors.tooLarge,
    missing: ProfileAvatarErrors.invalid,
  },
  {
    url: '/cust/clinic/share/img',
    field: 'file',
    max: REPORT_FILE_MAX_BYTES,
    tooLarge: ReportErrors.imgSize,
    missing: FileErrors.missing,
  },
  {
    url: '/api/case/comment',
    field: 'image',
    max: COMMENT_IMAGE_MAX,
    tooLarge: CommentErrors.imageTooLarge,
    missing: CommentErrors.empty,
  },
];

describe('a refused form or body leaves a kept-alive connection usable', () => {
  let t: TestApp;
  let port = 0;
  let auth: { authorization: string };
  let connections = 0;

  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' });
    auth = (await factories(t.app).org()).owner.headers;
    t.app.server.on('connection', () => connections++);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const a = t.app.server.address();
    port = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(() => t.close());

  /** One request through `agent`; fails (instead of hanging) when no answer comes within 10 seconds. */
  const send = (
    agent: Agent,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
    chunked = false,
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: { ...headers, ...(body && !chunked ? { 'content-length': String(body.length) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                json: JSON.parse(Buffer.concat(chunks).toString()),
              });
            } catch (err) {
              reject(err as Error);
            }
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${path} within 10 s`)));
      req.on('error', reject);
      if (chunked && body) {
        // Sent in pieces without a declared length (Transfer-Encoding: chunked).
        for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
        req.end();
      } else req.end(body);
    });

  /** The refused request, then a second one on the same connection: both answered, one connection only. */
  const refusedThenServed = async (url: string, body: { body: Buffer; type: string }) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = connections;
    try {
      const refused = await send(agent, 'POST', url, { ...auth, 'content-type': body.type }, body.body);
      const next = await send(agent, 'GET', '/user/current', auth);
      expect(next.status).toBe(200);
      expect(next.json.success).toBe(true);
      expect(connections - before, 'the second request reused the connection').toBe(1);
      return refused;
    } finally {
      agent.destroy();
    }
  };

  const refusal = (answer: Answer, def: ErrorDef) => {
    expect(answer.status).toBe(def.status);
    expect(answer.json).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(answer.headers.connection).not.toBe('close');
  };

  describe.each(CALLS)('$url', ({ url, field, max, tooLarge, missing }) => {
    it('a file over the limit: refused as too large, then the next request is answered', async () => {
      const big = form([{ name: field, filename: 'big.png', bytes: sample.png(max + 1) }]);
      refusal(await refusedThenServed(url, big), tooLarge);
    });

    it('1,000 one-byte files: refused as too many files, then the next request is answered', async () => {
      const parts = Array.from({ length: 1000 }, (_, i) => ({
        name: field,
        filename: `f${i}.png`,
        bytes: Uint8Array.of(i % 256),
      }));
      refusal(await refusedThenServed(url, form(parts)), FileErrors.tooManyFiles);
    });

    it('1,000 one-byte fields: refused as too many fields, then the next request is answered', async () => {
      const parts = Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
      refusal(await refusedThenServed(url, form(parts)), FileErrors.tooManyFields);
    });

    it('a form without its file: refused as missing, then the next request is answered', async () => {
      const empty = form([{ name: 'other', filename: 'a.png', bytes: sample.png(100) }]);
      refusal(await refusedThenServed(url, empty), missing);
    });
  });

  it.each([
    ['with its length declared', false],
    ['sent chunked', true],
  ])(
    'a 10 MB JSON body %s: HTTP 413 "request too large" in the envelope, then the next request is answered',
    async (_how, chunked) => {
      const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(10 * 1024 * 1024) }));
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const before = connections;
      try {
        const refused = await send(
          agent,
          'PUT',
          '/api2/user',
          { ...auth, 'content-type': 'application/json' },
          body,
          chunked,
        );
        refusal(refused, GenericErrors.requestTooLarge);
        expect(refused.json).toMatchObject({ data: { field: 'body' } });
        const next = await send(agent, 'GET', '/user/current', auth);
        expect(next.status).toBe(200);
        expect(connections - before).toBe(1);
      } finally {
        agent.destroy();
      }
    },
  );

  it('a form declared larger than its call accepts: refused before it is read, then the next request is answered', async () => {
    const big = form([{ name: 'avatar', filename: 'big.png', bytes: sample.png(10 * 1024 * 1024) }]);
    refusal(await refusedThenServed('/api2/user/avatar', big), ProfileAvatarErrors.tooLarge);
  });

  it('a chunked body past what is read and thrown away: answered 413 with Connection: close', async () => {
    const body = Buffer.alloc(DRAIN_MAX_BYTES + 4 * 1024 * 1024, 0x20);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(
        agent,
        'PUT',
        '/api2/user',
        { ...auth, 'content-type': 'application/json' },
        body,
        true,
      );
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(refused.json).toMatchObject({ success: false, errorCode: GenericErrors.requestTooLarge.code });
    } finally {
      agent.destroy();
    }
  });

  /** A raw socket: writes `head` and `body`, answers everything the server sends until it closes the connection. */
  const rawExchange = (head: string, body: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket: Socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.setTimeout(10_000, () => socket.destroy(new Error('the server neither answered nor closed')));
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write(head);
      socket.write(body);
    });

  it('a body declared larger than what is read and thrown away: answered 413, then the connection is closed', async () => {
    const declared = DRAIN_MAX_BYTES + 1;
    const answer = await rawExchange(
      `PUT /api2/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      Buffer.from('{"name":"'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Answer['json'];
    expect(json).toMatchObject({ success: false, errorCode: GenericErrors.requestTooLarge.code });
  });

  it('a form declared far larger than its call accepts: refused at once, then the connection is closed', async () => {
    const answer = await rawExchange(
      `POST /api2/user/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${DRAIN_MAX_BYTES + 1}\r\n\r\n`,
      Buffer.from('--xyz\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Answer['json'];
    expect(json).toMatchObject({ success: false, data: { key: ProfileAvatarErrors.tooLarge.key } });
  });
});
