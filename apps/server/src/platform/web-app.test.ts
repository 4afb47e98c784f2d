import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const js = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`);
const html = Buffer.from(
  `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`,
);

describe('web app: precompressed assets, cache lifetimes, SPA fallback', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'archway-web-'));
    await mkdir(path.join(dir, 'assets'));
    const asset = path.join(dir, 'assets', 'x-abc123.js');
    await writeFile(asset, js);
    await writeFile(`${asset}.br`, brotliCompressSync(js));
    await writeFile(`${asset}.gz`, gzipSync(js));
    await writeFile(path.join(dir, 'index.html'), html);
    await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(html));
    await writeFile(path.join(dir, 'index.html.gz'), gzipSync(html));
    // A file without compressed siblings (e.g. below the build's 1 KiB threshold).
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = Fastify();
    registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a client that accepts br, with the type of the original', async () => {
    const res = await get('/v5/assets/x-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(js))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).equals(js)).toBe(true);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const res = await get('/v5/assets/x-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).equals(js)).toBe(true);
  });

  it('sends the plain file when no encoding is accepted', async () => {
    for (const ae of [undefined, 'identity']) {
      const res = await get('/v5/assets/x-abc123.js', ae);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(js)).toBe(true);
    }
  });

  it('caches hashed assets for a year, whatever the encoding', async () => {
    for (const ae of ['br', 'gzip', undefined]) {
      expect((await get('/v5/assets/x-abc123.js', ae)).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('revalidates index.html on every visit, compressed or not', async () => {
    for (const url of ['/v5/', '/v5/index.html']) {
      const br = await get(url, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).equals(html)).toBe(true);
      const plain = await get(url);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.rawPayload.equals(html)).toBe(true);
    }
  });

  it('serves a file that has no compressed sibling as it is', async () => {
    const res = await get('/v5/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers an app route with index.html (history fallback), compressed when accepted', async () => {
    for (const url of ['/v5/device', '/v5/login/abc', '/v5']) {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.rawPayload.equals(html)).toBe(true);
      const br = await get(url, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(html)).toBe(true);
    }
  });

  it('answers 404 code 200 for a missing asset or an unknown path, never index.html', async () => {
    for (const url of ['/v5/assets/missing-123.js', '/nope', '/api2/unknown']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 200 });
    }
  });

  it('sends / to the app', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/v5/');
  });
});
