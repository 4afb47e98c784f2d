import { describe, expect, it } from 'vitest';
import { jawOf, percentOf, screenshotName, viewableScans } from './scan-files.ts';

describe('jawOf', () => {
  it.each([
    ['upper.ply', 'upper'],
    ['lower.ply', 'lower'],
    ['UpperJaw_2026.stl', 'upper'],
    ['scan-LOWER.obj', 'lower'],
    ['Maxilla.ply', 'upper'],
    ['mandible_final.stl', 'lower'],
    ['MANDIBLE.PLY', 'lower'],
  ])('%s is the %s jaw', (name, jaw) => expect(jawOf(name)).toBe(jaw));

  it.each(['bite.ply', 'scan.stl', '', 'upper-and-lower.ply', 'maxilla_mandible.obj'])(
    '%s names no jaw (neither, or both)',
    (name) => expect(jawOf(name)).toBeNull(),
  );
});

describe('viewableScans', () => {
  const file = (name: string, format = name.split('.').pop()!) => ({ name, format });

  it('keeps readable scans, upper jaw first, then lower, then the others in their order', () => {
    const files = [file('bite.ply'), file('lower.ply'), file('notes.pdf'), file('upper.stl'), file('b.obj')];
    expect(viewableScans(files).map((f) => f.name)).toEqual(['upper.stl', 'lower.ply', 'bite.ply', 'b.obj']);
  });

  it('goes by the extension when the format is missing', () => {
    expect(viewableScans([file('x.PLY', ''), file('y.zip', '')]).map((f) => f.name)).toEqual(['x.PLY']);
  });
});

describe('screenshotName', () => {
  it('is <patient>-<local date>.png', () => {
    expect(screenshotName('Anna Weber', new Date(2026, 10, 3, 23, 59))).toBe('Anna Weber-2026-11-03.png');
  });

  it('has no path separators and a name when the patient has none', () => {
    expect(screenshotName('a/b:c', new Date(2026, 0, 9))).toBe('a_b_c-2026-01-09.png');
    expect(screenshotName('  ', new Date(2026, 0, 9))).toBe('scan-2026-01-09.png');
  });
});

describe('percentOf', () => {
  it('is whole percent, 0 when the total is unknown, never past 100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 4)).toBe(100);
  });
});
