import { describe, expect, it } from 'vitest';
import { fileAddress, uploadIdOf, uploadMetadata } from './files.ts';

describe('file addresses', () => {
  it('keeps absolute URLs and puts paths on the service base', () => {
    expect(fileAddress('https://files.example/api/case/file/1/2', 'https://case.example')).toBe(
      'https://files.example/api/case/file/1/2',
    );
    expect(fileAddress('/api/case/download/archive/1', 'https://files.example/')).toBe(
      'https://files.example/api/case/download/archive/1',
    );
    expect(fileAddress('api/case/upload/', '')).toBe('/api/case/upload/');
  });

  it('reads the upload id off a tus Location', () => {
    expect(uploadIdOf('/api/case/upload/0f4e2b1c-1111-4222-8333-444455556666')).toBe(
      '0f4e2b1c-1111-4222-8333-444455556666',
    );
    expect(uploadIdOf('https://files.example/api/case/upload/abc/')).toBe('abc');
  });

  it('encodes tus metadata as base64 UTF-8', () => {
    expect(uploadMetadata({ filename: 'upper.ply', device: 'C1' })).toBe('filename dXBwZXIucGx5,device QzE=');
    const [, value] = uploadMetadata({ filename: 'Müller 上颌.stl' }).split(' ');
    expect(new TextDecoder().decode(Uint8Array.from(atob(value!), (c) => c.charCodeAt(0)))).toBe(
      'Müller 上颌.stl',
    );
  });
});
