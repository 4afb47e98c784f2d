import { describe, expect, it } from 'vitest';
import { contentLength, downloadPercent, fileNameFrom, safeFileName } from './progress.ts';
import { FileRefusal, streamFile } from './stream.ts';

describe('download percentage', () => {
  it('counts received bytes against the total, staying below 100 until done', () => {
    expect(downloadPercent(0, 1000)).toBe(0);
    expect(downloadPercent(250, 1000)).toBe(25);
    expect(downloadPercent(999, 1000)).toBe(99);
    expect(downloadPercent(1000, 1000)).toBe(99);
    expect(downloadPercent(1200, 1000)).toBe(99);
    expect(downloadPercent(1000, 1000, { done: true })).toBe(100);
  });

  it('has no percentage without a size', () => {
    expect(downloadPercent(10, null)).toBeNull();
    expect(downloadPercent(10, 0)).toBeNull();
    expect(downloadPercent(10, undefined)).toBeNull();
    expect(downloadPercent(10, null, { done: true })).toBe(100);
  });

  it('reads Content-Length and Content-Disposition', () => {
    expect(contentLength('2048')).toBe(2048);
    expect(contentLength(null)).toBeNull();
    expect(contentLength('0')).toBeNull();
    expect(contentLength('12abc')).toBeNull();
    expect(fileNameFrom(`attachment; filename="a.zip"; filename*=UTF-8''M%C3%BCller.zip`, 'x.zip')).toBe(
      'Müller.zip',
    );
    expect(fileNameFrom('attachment; filename="Li Lei.zip"', 'x.zip')).toBe('Li Lei.zip');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'x.zip')).toBe('.._.._etc_passwd');
    expect(fileNameFrom(null, 'case.zip')).toBe('case.zip');
    expect(safeFileName('..', 'case.zip')).toBe('case.zip');
  });
});

/** A Response whose body arrives in the given chunks. */
function chunked(chunks: Uint8Array[], headers: Record<string, string>, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

describe('streaming a file', () => {
  const zip = new Uint8Array(1000).fill(7);
  zip.set([0x50, 0x4b, 0x03, 0x04]);
  const parts = [zip.slice(0, 300), zip.slice(300, 700), zip.slice(700)];

  it('sends the token, reports each step and returns the whole file', async () => {
    const seen: (number | null)[] = [];
    let auth: string | null = null;
    const file = await streamFile(
      (_input, init) => {
        auth = new Headers(init?.headers).get('Authorization');
        return Promise.resolve(
          chunked(parts, {
            'Content-Length': '1000',
            'Content-Disposition': 'attachment; filename="case.zip"',
            'Content-Type': 'application/zip',
          }),
        );
      },
      'http://files.test/archive/1',
      { token: 'tok', fallbackName: 'x.zip', onProgress: (p) => seen.push(p) },
    );
    expect(auth).toBe('Bearer tok');
    expect(seen).toEqual([0, 30, 70, 99, 100]);
    expect(file.fileName).toBe('case.zip');
    expect(file.bytes).toBe(1000);
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(file.blob.type).toBe('application/zip');
  });

  it('falls back to the announced size without Content-Length, and to no percentage without either', async () => {
    const withSize: (number | null)[] = [];
    await streamFile(() => Promise.resolve(chunked(parts, {})), 'u', {
      token: null,
      fallbackName: 'x.zip',
      expectedSize: 2000,
      onProgress: (p) => withSize.push(p),
    });
    expect(withSize).toEqual([0, 15, 35, 50, 100]);
    const unknown: (number | null)[] = [];
    await streamFile(() => Promise.resolve(chunked(parts, {})), 'u', {
      token: null,
      fallbackName: 'x.zip',
      onProgress: (p) => unknown.push(p),
    });
    expect(unknown).toEqual([null, null, null, null, 100]);
  });

  it('turns a refusal envelope into its catalogue key', async () => {
    const refusal = new Response(
      JSON.stringify({
        success: false,
        errorCode: -14,
        errorMessage: 'max',
        data: { key: 'case.maxDownloads' },
      }),
      { status: 400, headers: { 'Content-Type': 'application/json' } },
    );
    const error = await streamFile(() => Promise.resolve(refusal), 'u', {
      token: 't',
      fallbackName: 'x',
      onProgress: () => undefined,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileRefusal);
    expect(error).toMatchObject({ status: 400, key: 'case.maxDownloads', code: -14 });
  });
});
