/**
 * A small generated scan for demo data and tests: a horseshoe-shaped dental arch (a jaw-like surface) with teeth as
 * bumps along its ridge, coloured gum-pink at the sides and tooth-white on top, as a binary little-endian PLY with
 * per-vertex colours. `seed` varies the arch so that demo cases do not all look the same.
 */
export function sampleArchPly(opts: { seed?: number; along?: number; across?: number } = {}): Buffer {
  const seed = opts.seed ?? 1;
  const along = opts.along ?? 96;
  const across = opts.across ?? 16;
  const width = 22 + (seed % 5);
  const depth = 26 + (seed % 7);
  const vertices: { x: number; y: number; z: number; r: number; g: number; b: number }[] = [];
  for (let i = 0; i < along; i++) {
    const u = Math.PI * (i / (along - 1));
    // 14 teeth along the arch: a bump per tooth on the ridge.
    const tooth = Math.abs(Math.sin(u * 7));
    for (let j = 0; j < across; j++) {
      const v = j / (across - 1) - 0.5; // across the ridge, -0.5 … 0.5
      const ridge = Math.cos(v * Math.PI); // 0 at the sides, 1 on top
      const radius = 1 + v * 0.35;
      const height = ridge * (6 + 3 * tooth) + (seed % 3) * 0.2;
      const onTooth = ridge > 0.55;
      vertices.push({
        x: width * radius * Math.cos(u),
        y: depth * radius * Math.sin(u),
        z: height,
        r: onTooth ? 236 : 214,
        g: onTooth ? 232 - Math.round(tooth * 10) : 120,
        b: onTooth ? 220 - Math.round(tooth * 14) : 130,
      });
    }
  }
  const faces: [number, number, number][] = [];
  for (let i = 0; i < along - 1; i++)
    for (let j = 0; j < across - 1; j++) {
      const a = i * across + j;
      faces.push([a, a + across, a + 1], [a + 1, a + across, a + across + 1]);
    }
  const header = [
    'ply',
    'format binary_little_endian 1.0',
    `comment Archway sample arch ${seed}`,
    `element vertex ${vertices.length}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    `element face ${faces.length}`,
    'property list uchar int vertex_indices',
    'end_header',
    '',
  ].join('\n');
  const head = Buffer.from(header, 'latin1');
  const body = Buffer.alloc(vertices.length * 15 + faces.length * 13);
  let o = 0;
  for (const v of vertices) {
    body.writeFloatLE(v.x, o);
    body.writeFloatLE(v.y, o + 4);
    body.writeFloatLE(v.z, o + 8);
    body.writeUInt8(v.r, o + 12);
    body.writeUInt8(v.g, o + 13);
    body.writeUInt8(v.b, o + 14);
    o += 15;
  }
  for (const f of faces) {
    body.writeUInt8(3, o);
    body.writeInt32LE(f[0], o + 1);
    body.writeInt32LE(f[1], o + 5);
    body.writeInt32LE(f[2], o + 9);
    o += 13;
  }
  return Buffer.concat([head, body]);
}
