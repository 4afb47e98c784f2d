import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFileType', () => {
  it.each([
    ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF\0\0\0\0')],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['gif', bytes('GIF89a', [0, 0, 0, 0, 0, 0])],
    ['gif', bytes('GIF87a', [0, 0, 0, 0, 0, 0])],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['pdf', bytes('%PDF-1.7\n%\0\0')],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0])],
    ['mp4', bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0])],
  ])('knows %s by its first bytes', (type, head) => {
    expect(sniffFileType(head)).toBe(type);
  });

  it.each([
    ['a text file named .png', bytes('hello, world!')],
    ['a QuickTime file', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0])],
    ['GIF without version', bytes('GIF8xa', [0, 0, 0, 0, 0, 0])],
    ['a RIFF file that is no WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['too short', bytes([0xff, 0xd8])],
    ['empty', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffFileType(head)).toBeUndefined();
  });
});
