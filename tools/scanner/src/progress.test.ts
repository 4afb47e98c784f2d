import { describe, expect, it } from 'vitest';
import { formatBytes, Progress } from './progress.ts';

const sink = (isTTY: boolean) => {
  const out = { text: '', isTTY, columns: 100, write: (s: string) => (out.text += s) };
  return out;
};

describe('Progress', () => {
  it('on a terminal: one line redrawn in place with the file and overall percent', () => {
    const out = sink(true);
    const p = new Progress(out);
    p.plan([
      { name: 'a.ply', size: 1000 },
      { name: 'b.stl', size: 3000 },
    ]);
    p.start('a.ply', 0);
    p.update('a.ply', 500);
    expect(out.text.split('\r\x1b[2K').pop()).toBe('a.ply 50% (500 B of 1000 B) | overall 12%');
    p.finish('a.ply', 0);
    p.start('b.stl', 1500);
    expect(out.text).toContain('a.ply: uploaded 1000 B\n');
    expect(out.text).toContain('b.stl: resuming at 50% (1.5 KiB)\n');
    expect(out.text.split('\r\x1b[2K').pop()).toBe('b.stl 50% (1.5 KiB of 2.9 KiB) | overall 62%');
    p.end();
    expect(out.text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('not a terminal: a line per file only', () => {
    const out = sink(false);
    const p = new Progress(out);
    p.plan([{ name: 'a.ply', size: 2 * 1024 * 1024 }]);
    p.start('a.ply', 0);
    p.update('a.ply', 1024);
    p.finish('a.ply', 0);
    p.end();
    expect(out.text).toBe('a.ply: uploaded 2.0 MiB\n');
  });

  it('formats sizes', () => {
    expect([0, 1023, 1536, 5 * 1024 ** 2, 3 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.5 KiB',
      '5.0 MiB',
      '3.00 GiB',
    ]);
  });
});
