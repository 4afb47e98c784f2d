import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MeshError, type Mesh } from '../mesh.ts';
import { readMesh } from './detect.ts';
import { meshError, obj, plyAscii, plyBinary, plyGrid, stlAscii, stlBinary, text } from './fixtures.ts';
import { createStreamReader } from './stream.ts';

/**
 * MESH_FUZZ_SCALE=20 runs twenty times as many cases. No wall-clock limit per case (CI machines are shared and
 * noisy): a reader that loops or blows up runs into the test's own timeout, which scales with the cases.
 */
const SCALE = Number(process.env.MESH_FUZZ_SCALE ?? 1);

const VALID = [
  plyAscii,
  plyBinary(true),
  plyBinary(false, 'ushort', 'uint'),
  plyGrid(6),
  stlAscii,
  stlBinary(),
  stlBinary('solid x\nfacet', 3),
  obj,
];

/** A mesh whose arrays agree with each other. */
const checkMesh = (m: Mesh): void => {
  const vertices = m.positions.length / 3;
  expect(Number.isInteger(vertices)).toBe(true);
  if (m.colors) expect(m.colors.length).toBe(m.positions.length);
  if (m.normals) expect(m.normals.length).toBe(m.positions.length);
  if (m.indices) {
    expect(m.indices.length % 3).toBe(0);
    for (const i of m.indices) expect(i).toBeLessThan(vertices);
  } else expect(m.positions.length % 9).toBe(0);
};

/** readMesh on `bytes`: a consistent Mesh, or a MeshError; anything else fails. */
const readOrMeshError = (bytes: Uint8Array): Mesh | MeshError => {
  let result: Mesh | MeshError;
  try {
    result = readMesh(bytes);
    checkMesh(result);
  } catch (e) {
    if (!(e instanceof MeshError)) throw e;
    result = e;
  }
  return result;
};

/** The same through the streaming reader, fed in chunks of the given sizes (cycled). */
const streamOrMeshError = (bytes: Uint8Array, sizes: number[]): Mesh | MeshError => {
  try {
    const reader = createStreamReader({ size: bytes.length });
    for (let at = 0, k = 0; at < bytes.length; k++) {
      const n = sizes[k % sizes.length]!;
      reader.push(bytes.subarray(at, at + n));
      at += n;
    }
    return reader.end();
  } catch (e) {
    if (e instanceof MeshError) return e;
    throw e;
  }
};

type Mutation = { kind: 'flip' | 'insert' | 'delete' | 'truncate'; at: number; value: number };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('flip', 'insert', 'delete', 'truncate'),
  at: fc.nat(),
  value: fc.integer({ min: 0, max: 255 }),
});

const mutate = (bytes: Uint8Array, mutations: Mutation[]): Uint8Array => {
  let out = Array.from(bytes);
  for (const { kind, at, value } of mutations) {
    const i = out.length === 0 ? 0 : at % out.length;
    if (kind === 'flip') out[i] = (out[i] ?? 0) ^ (1 << (value % 8));
    else if (kind === 'insert') out.splice(i, 0, value);
    else if (kind === 'delete') out.splice(i, 1);
    else out = out.slice(0, i);
  }
  return Uint8Array.from(out);
};

describe('fuzz: readMesh returns a Mesh or throws a MeshError, never anything else', () => {
  it(
    'random bytes, and random bytes after a format signature',
    () => {
      const prefix = fc.constantFrom(
        '',
        'ply\n',
        'ply\nformat binary_little_endian 1.0\n',
        'solid ',
        'v ',
        'f ',
      );
      fc.assert(
        fc.property(prefix, fc.uint8Array({ maxLength: 600 }), (p, bytes) => {
          readOrMeshError(new Uint8Array([...text(p), ...bytes]));
        }),
        { numRuns: 1500 * SCALE },
      );
    },
    30_000 * SCALE,
  );

  it(
    'mutated valid files (bytes flipped, inserted, deleted, cut), whole and streamed',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...VALID),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 }),
          (file, mutations, sizes) => {
            const bytes = mutate(file, mutations);
            const whole = readOrMeshError(bytes);
            const streamed = streamOrMeshError(bytes, sizes);
            if (!(whole instanceof MeshError) && !(streamed instanceof MeshError))
              expect(streamed).toEqual(whole);
          },
        ),
        { numRuns: 1500 * SCALE },
      );
    },
    30_000 * SCALE,
  );

  it(
    'valid files streamed in random chunks give what readMesh gives',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...VALID),
          fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
          (file, sizes) => {
            expect(streamOrMeshError(file, sizes)).toEqual(readMesh(file));
          },
        ),
        { numRuns: 300 * SCALE },
      );
    },
    30_000 * SCALE,
  );

  it('an absurd header count in a 200-byte file throws too-large at once', () => {
    const header = text(
      'ply\nformat binary_little_endian 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n',
    );
    const file = new Uint8Array(200);
    file.set(header);
    const started = performance.now();
    const e = meshError(() => readMesh(file));
    expect(e.code).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(50);
  });
});
