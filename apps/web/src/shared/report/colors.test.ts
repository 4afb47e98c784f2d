import { describe, expect, it } from 'vitest';
import { readableOn } from './colors.ts';

describe('the report header text colour', () => {
  it('is white on dark colours and near-black on light ones', () => {
    expect(readableOn('#1677ff')).toBe('#ffffff');
    expect(readableOn('#0f7b8a')).toBe('#ffffff');
    expect(readableOn('#000')).toBe('#ffffff');
    expect(readableOn('#ffffff')).toBe('#1f1f1f');
    expect(readableOn('#ffeb3b')).toBe('#1f1f1f');
    expect(readableOn('#fffc')).toBe('#1f1f1f');
  });

  it('reads #rrggbbaa by its colour and falls back to white on nonsense', () => {
    expect(readableOn('#ffffff80')).toBe('#1f1f1f');
    expect(readableOn('#zzzzzz')).toBe('#ffffff');
  });
});
