import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ByteRange } from './storage/storage.ts';

/** `attachment; filename*=UTF-8''…` (RFC 6266 / 5987), with an ASCII fallback; `inline` for what the browser shows. */
export const contentDisposition = (name: string, kind: 'attachment' | 'inline' = 'attachment') =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** `Range: bytes=a-b` (one range; `bytes=-n` is the last n bytes). Undefined: the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return 'invalid';
  if (!m[1]) {
    const n = Number(m[2]);
    return n > 0 ? { start: Math.max(0, size - n), end: size - 1 } : 'invalid';
  }
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return start < size && start <= end ? { start, end } : 'invalid';
}

export function sendStream(
  reply: FastifyReply,
  type: string,
  disposition: string,
  stream: NodeJS.ReadableStream,
) {
  return reply
    .header('content-type', type)
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/**
 * A stored file, whole (200) or the one byte range the request asks for (206, `Content-Range`); an unsatisfiable
 * range is 416. `open` fails the way its caller decides (a catalogue refusal, not a 500).
 */
export async function sendRanged(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  file: { size: number; type: string; disposition: string; open(range?: ByteRange): Promise<Readable> },
) {
  const range = parseRange(rangeHeader, file.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  const stream = await file.open(range);
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header('content-length', range.end - range.start + 1);
  } else reply.header('content-length', file.size);
  return sendStream(reply, file.type, file.disposition, stream);
}
