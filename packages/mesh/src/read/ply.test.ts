import { describe, expect, it } from 'vitest';
import { Bin, SQUARE, concat, meshError, plyAscii, plyBinary, text } from './fixtures.ts';
import { readPly } from './ply.ts';

const POSITIONS = SQUARE.flat();
const INDICES = [0, 1, 2, 0, 2, 3, 0, 1, 4];

const header = (...lines: string[]) => text(['ply', ...lines, 'end_header', ''].join('\n'));

describe('readPly', () => {
  it('reads ascii with normals, colours (alpha dropped), a quad and a trailing edge element', () => {
    const m = readPly(plyAscii);
    expect([...m.positions]).toEqual(POSITIONS);
    expect([...m.normals!]).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, -1]);
    expect([...m.colors!]).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 1, 2, 3]);
    expect([...m.indices!]).toEqual(INDICES);
  });

  for (const le of [true, false]) {
    it(`reads binary ${le ? 'little' : 'big'} endian: doubles, float colours, skipped properties and lists`, () => {
      for (const [countType, indexType] of [
        ['uchar', 'int'],
        ['ushort', 'uint'],
        ['uint8', 'int32'],
        ['uint16', 'uint32'],
      ]) {
        const m = readPly(plyBinary(le, countType, indexType));
        expect([...m.positions]).toEqual(POSITIONS);
        expect(m.normals).toBeUndefined();
        expect([...m.colors!]).toEqual([
          0, 128, 255, 64, 128, 255, 128, 128, 255, 191, 128, 255, 255, 128, 255,
        ]);
        expect([...m.indices!]).toEqual(INDICES);
      }
    });
  }

  it('reads every scalar type name for coordinates', () => {
    const types = ['char', 'uchar', 'short', 'ushort', 'int', 'uint', 'float', 'double'];
    const aliases = ['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64'];
    for (const names of [types, aliases]) {
      for (const [i, t] of names.entries()) {
        const b = new Bin(true);
        const write = [b.i8, b.u8, b.i16, b.u16, b.i32, b.u32, b.f32, b.f64][i]!;
        write(1);
        write(2);
        write(3);
        const h = header(
          'format binary_little_endian 1.0',
          'element vertex 1',
          ...['x', 'y', 'z'].map((a) => `property ${t} ${a}`),
        );
        expect([...readPly(concat(h, b.bytes())).positions]).toEqual([1, 2, 3]);
      }
    }
  });

  it('reads a file without faces as no triangles, and CRLF headers', () => {
    const m = readPly(
      text(
        'ply\r\nformat ascii 1.0\r\nelement vertex 1\r\nproperty float x\r\nproperty float y\r\nproperty float z\r\nend_header\r\n1 2 3\r\n',
      ),
    );
    expect([...m.positions]).toEqual([1, 2, 3]);
    expect([...m.indices!]).toEqual([]);
  });

  it('reads uchar colours as they are and float colours scaled', () => {
    const h = header(
      'format ascii 1.0',
      'element vertex 1',
      'property float x',
      'property float y',
      'property float z',
      'property float red',
      'property float green',
      'property float blue',
    );
    expect([...readPly(concat(h, text('0 0 0 0.5 1 0.2\n'))).colors!]).toEqual([128, 255, 51]);
  });

  describe('errors', () => {
    const vertex3 = ['element vertex 3', 'property float x', 'property float y', 'property float z'];

    it('bad-index: a face naming a vertex that does not exist', () => {
      const h = header(
        'format ascii 1.0',
        ...vertex3,
        'element face 1',
        'property list uchar int vertex_index',
      );
      const e = meshError(() => readPly(concat(h, text('0 0 0\n1 0 0\n0 1 0\n3 0 1 3\n'))));
      expect(e.code).toBe('bad-index');
      expect(e.message).toMatch(/vertex 3; there are 3 vertices/);
      expect(meshError(() => readPly(concat(h, text('0 0 0\n1 0 0\n0 1 0\n3 0 1 -1\n')))).code).toBe(
        'bad-index',
      );
    });

    it('bad-count: an ascii body holding more vertex or face lines than its header declares', () => {
      const h = header(
        'format ascii 1.0',
        ...vertex3,
        'element face 1',
        'property list uchar int vertex_indices',
      );
      const body = '0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n';
      // As declared, trailing blank lines and spaces included: read.
      expect(readPly(concat(h, text(`${body}\n  \r\n`))).indices).toEqual(new Uint32Array([0, 1, 2]));
      const more = [
        ['one vertex more (read as the face, its face left over)', '0 0 0\n1 0 0\n0 1 0\n1 1 0\n3 0 1 2\n'],
        ['one face more', `${body}3 0 2 1\n`],
        ['a stray value', `${body}7\n`],
      ];
      for (const [what, extra] of more) {
        const e = meshError(() => readPly(concat(h, text(extra!))));
        expect(e.code, what).toBe('bad-count');
        expect(e.message, what).toMatch(
          /PLY body holds more than its header declares \(3 vertex, 1 face\): '.+' on line \d+/,
        );
      }
      // A vertex more where no face follows: the header says 3, the body has 4.
      const vertexOnly = header('format ascii 1.0', ...vertex3);
      const e = meshError(() => readPly(concat(vertexOnly, text('0 0 0\n1 0 0\n0 1 0\n1 1 0\n'))));
      expect(e.code).toBe('bad-count');
      expect(e.message).toMatch(/'1' on line 4/);
    });

    it("bad-index in binary: the scanners' uchar/int layout and another, below 0 and past the end", () => {
      for (const indexType of ['int', 'uint']) {
        const h = header(
          'format binary_little_endian 1.0',
          ...vertex3,
          'element face 1',
          `property list uchar ${indexType} vertex_indices`,
        );
        for (const bad of indexType === 'int' ? [3, -1] : [3]) {
          const b = new Bin(true).f32(0).f32(0).f32(0).f32(1).f32(0).f32(0).f32(0).f32(1).f32(0);
          b.u8(3).i32(0).i32(1).i32(bad);
          const e = meshError(() => readPly(concat(h, b.bytes())));
          expect(e.code).toBe('bad-index');
          expect(e.message).toBe(`PLY face uses vertex ${bad}; there are 3 vertices`);
        }
      }
    });

    it('bad-number: NaN and Infinity coordinates, text that is not a number', () => {
      const h = header('format binary_big_endian 1.0', ...vertex3);
      for (const bad of [NaN, Infinity, -Infinity]) {
        const b = new Bin(false).f32(0).f32(0).f32(0).f32(1).f32(bad).f32(0).f32(0).f32(0).f32(1);
        const e = meshError(() => readPly(concat(h, b.bytes())));
        expect(e.code).toBe('bad-number');
        expect(e.message).toMatch(/vertex 1 has a coordinate/);
      }
      const a = header('format ascii 1.0', ...vertex3);
      expect(meshError(() => readPly(concat(a, text('0 0 0\n1 nan 0\n0 1 0\n')))).code).toBe('bad-number');
      expect(meshError(() => readPly(concat(a, text('0 0 0\n1 1e999 0\n0 1 0\n')))).code).toBe('bad-number');
      const e = meshError(() => readPly(concat(a, text('0 0 0\n1 abc 0\n0 1 0\n'))));
      expect(e.message).toMatch(/'abc' on line 2 is not a number/);
    });

    it('truncated: binary cut inside a record, ascii missing values', () => {
      const full = plyBinary(true);
      const e = meshError(() => readPly(full.subarray(0, full.length - 9)));
      expect(e.code).toBe('truncated');
      expect(e.message).toMatch(/ends in/);
      const ascii = new TextDecoder().decode(plyAscii);
      const cut = text(ascii.slice(0, ascii.indexOf('4 0 1 2 3') + 5));
      expect(meshError(() => readPly(cut)).code).toBe('truncated');
    });

    it('too-large: counts that need more bytes than the file has, before allocating', () => {
      const h = header(
        'format binary_little_endian 1.0',
        'element vertex 4000000000',
        'property float x',
        'property float y',
        'property float z',
      );
      const file = concat(h, new Uint8Array(200 - h.length));
      const started = performance.now();
      const e = meshError(() => readPly(file));
      expect(performance.now() - started).toBeLessThan(100);
      expect(e.code).toBe('too-large');
      expect(e.message).toMatch(/4000000000 vertex: at least 48000000000 bytes, the file has/);
      const faces = header(
        'format binary_little_endian 1.0',
        ...vertex3,
        'element face 100000000',
        'property list uchar int vertex_indices',
      );
      expect(meshError(() => readPly(concat(faces, new Uint8Array(100)))).code).toBe('too-large');
      const ascii = header(
        'format ascii 1.0',
        'element vertex 1000',
        'property float x',
        'property float y',
        'property float z',
      );
      expect(meshError(() => readPly(concat(ascii, text('0 0 0\n')))).code).toBe('too-large');
    });

    it('bad-header: what is not a PLY header', () => {
      const cases: [Uint8Array, RegExp][] = [
        [text('plx\nformat ascii 1.0\nend_header\n'), /does not start with 'ply'/],
        [header(...vertex3), /no format line/],
        [header('format ascii 2', ...vertex3), /unknown format 'ascii 2' on line 2/],
        [header('format ascii 1.0', 'element vertex -1'), /'element name count' expected on line 3/],
        [header('format ascii 1.0', 'element vertex 1.5'), /'element name count' expected/],
        [header('format ascii 1.0', 'property float x'), /property before any element/],
        [
          header('format ascii 1.0', 'element vertex 1', 'property quad x'),
          /cannot read the property on line 4/,
        ],
        [
          header('format ascii 1.0', 'element vertex 1', 'property list float int x'),
          /cannot read the property/,
        ],
        [
          header('format ascii 1.0', 'element vertex 1', 'property float x', 'property float y'),
          /scalar z property/,
        ],
        [header('format ascii 1.0', 'something else'), /unknown keyword 'something'/],
        [text('ply\nformat ascii 1.0\nelement vertex 1\n'), /no end_header/],
      ];
      for (const [bytes, message] of cases) {
        const e = meshError(() => readPly(bytes));
        expect(e.code).toBe('bad-header');
        expect(e.message).toMatch(message);
      }
    });

    it('bad-count: a negative list length', () => {
      const h = header(
        'format ascii 1.0',
        ...vertex3,
        'element face 1',
        'property list char int vertex_indices',
      );
      expect(meshError(() => readPly(concat(h, text('0 0 0\n1 0 0\n0 1 0\n-3 0 1 2\n')))).code).toBe(
        'bad-count',
      );
      const b = new Bin(true);
      for (let i = 0; i < 9; i++) b.f32(0);
      b.i8(-1);
      const hb = header(
        'format binary_little_endian 1.0',
        ...vertex3,
        'element face 1',
        'property list char int vertex_indices',
      );
      expect(meshError(() => readPly(concat(hb, b.bytes()))).code).toBe('bad-count');
    });
  });
});
