import { describe, expect, it } from 'vitest';
import { licenceHint } from './org-upload-licence.ts';

const file = (name: string, size: number) => ({ name, size }) as File;

describe('licenceHint', () => {
  it('accepts jpg, jpeg, png and pdf up to 10 MB, in any letter case', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'scan.final.PDF'])
      expect(licenceHint(file(name, 1024))).toBeNull();
    expect(licenceHint(file('a.pdf', 10 * 1024 * 1024))).toBeNull();
  });
  it('flags another type first, then the size', () => {
    expect(licenceHint(file('a.gif', 10))).toBe('type');
    expect(licenceHint(file('licence', 10))).toBe('type');
    expect(licenceHint(file('a.docx', 50 * 1024 * 1024))).toBe('type');
    expect(licenceHint(file('a.png', 10 * 1024 * 1024 + 1))).toBe('size');
  });
});
