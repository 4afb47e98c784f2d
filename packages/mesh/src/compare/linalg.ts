/**
 * The small linear algebra the alignment needs, over plain numbers: symmetric eigen-decomposition by cyclic Jacobi
 * rotations (PCA's 3×3 covariance, Horn's 4×4 quaternion matrix), a dense solve with partial pivoting (the 6×6
 * point-to-plane system), and rigid transforms as row-major 4×4 arrays.
 */

/** A row-major 4×4 transform (16 numbers); the last row is 0 0 0 1. */
export type Transform = number[];

export const identity = (): Transform => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** a · b (apply b first, then a). */
export function multiply(a: Transform, b: Transform): Transform {
  const out = new Array<number>(16).fill(0);
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[r * 4 + k]! * b[k * 4 + c]!;
      out[r * 4 + c] = s;
    }
  return out;
}

/** The inverse of a rigid transform (rotation transposed, translation rotated back). */
export function invertRigid(m: Transform): Transform {
  const out = identity();
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * 4 + c] = m[c * 4 + r]!;
  for (let r = 0; r < 3; r++)
    out[r * 4 + 3] = -(out[r * 4]! * m[3]! + out[r * 4 + 1]! * m[7]! + out[r * 4 + 2]! * m[11]!);
  return out;
}

/** A rigid transform from a 3×3 row-major rotation and a translation. */
export function rigid(rotation: ArrayLike<number>, t: ArrayLike<number>): Transform {
  const r = rotation;
  return [r[0]!, r[1]!, r[2]!, t[0]!, r[3]!, r[4]!, r[5]!, t[1]!, r[6]!, r[7]!, r[8]!, t[2]!, 0, 0, 0, 1];
}

/** The angle (degrees) of a transform's rotation part. */
export function rotationAngle(m: Transform): number {
  const c = (m[0]! + m[5]! + m[10]! - 1) / 2;
  return (Math.acos(Math.min(1, Math.max(-1, c))) * 180) / Math.PI;
}

/** The rotation by `angle` radians about the (not necessarily unit) `axis`, row-major 3×3 (Rodrigues). */
export function axisAngle(axis: [number, number, number], angle: number): number[] {
  const len = Math.hypot(axis[0], axis[1], axis[2]);
  if (len === 0 || angle === 0) return [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const x = axis[0] / len;
  const y = axis[1] / len;
  const z = axis[2] / len;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const k = 1 - c;
  return [
    c + x * x * k,
    x * y * k - z * s,
    x * z * k + y * s,
    y * x * k + z * s,
    c + y * y * k,
    y * z * k - x * s,
    z * x * k - y * s,
    z * y * k + x * s,
    c + z * z * k,
  ];
}

/**
 * Eigenvalues and eigenvectors of a symmetric n×n matrix (row-major), by cyclic Jacobi rotations: unconditionally
 * stable, exact to rounding for the tiny sizes used here. Returns the values in descending order and the vectors
 * as the matching columns of a row-major n×n matrix.
 */
export function symmetricEigen(
  matrix: ArrayLike<number>,
  n: number,
): { values: number[]; vectors: number[] } {
  const a = Array.from(matrix as ArrayLike<number>);
  const v = new Array<number>(n * n).fill(0);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 64; sweep++) {
    let off = 0;
    let scale = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i !== j) off += a[i * n + j]! ** 2;
        scale += a[i * n + j]! ** 2;
      }
    if (off <= 1e-30 * scale || off === 0) break;
    for (let p = 0; p < n - 1; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (apq === 0) continue;
        const app = a[p * n + p]!;
        const aqq = a[q * n + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          // columns p and q
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          // rows p and q
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => a[j * n + j]! - a[i * n + i]!);
  const values = order.map((i) => a[i * n + i]!);
  const vectors = new Array<number>(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) vectors[r * n + c] = v[r * n + order[c]!]!;
  return { values, vectors };
}

/** Solves A x = b for a dense n×n A (row-major) by Gaussian elimination with partial pivoting; null if singular. */
export function solve(matrix: ArrayLike<number>, rhs: ArrayLike<number>, n: number): number[] | null {
  const a = Array.from(matrix as ArrayLike<number>);
  const b = Array.from(rhs as ArrayLike<number>);
  let largest = 0;
  for (const x of a) largest = Math.max(largest, Math.abs(x));
  if (!(largest > 0)) return null;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = r;
    if (Math.abs(a[pivot * n + col]!) <= 1e-12 * largest) return null;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
      [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    }
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col]! / a[col * n + col]!;
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[r * n + k] = a[r * n + k]! - f * a[col * n + k]!;
      b[r] = b[r]! - f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r * n + k]! * x[k]!;
    x[r] = s / a[r * n + r]!;
  }
  return x;
}

/**
 * Horn's closed-form absolute orientation: the rotation R and translation t minimising Σ w |R p + t − q|², from
 * the weighted centroids and the cross-covariance Σ w (p − p̄)(q − q̄)ᵀ (row-major 3×3). The unit quaternion is the
 * top eigenvector of Horn's symmetric 4×4 matrix.
 */
export function hornRotation(cross: ArrayLike<number>): number[] {
  const [sxx, sxy, sxz, syx, syy, syz, szx, szy, szz] = Array.from(cross as ArrayLike<number>) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const n = [
    sxx + syy + szz,
    syz - szy,
    szx - sxz,
    sxy - syx,
    syz - szy,
    sxx - syy - szz,
    sxy + syx,
    szx + sxz,
    szx - sxz,
    sxy + syx,
    -sxx + syy - szz,
    syz + szy,
    sxy - syx,
    szx + sxz,
    syz + szy,
    -sxx - syy + szz,
  ];
  const { vectors } = symmetricEigen(n, 4);
  let w = vectors[0]!;
  let x = vectors[4]!;
  let y = vectors[8]!;
  let z = vectors[12]!;
  const len = Math.hypot(w, x, y, z) || 1;
  w /= len;
  x /= len;
  y /= len;
  z /= len;
  return [
    w * w + x * x - y * y - z * z,
    2 * (x * y - w * z),
    2 * (x * z + w * y),
    2 * (x * y + w * z),
    w * w - x * x + y * y - z * z,
    2 * (y * z - w * x),
    2 * (x * z - w * y),
    2 * (y * z + w * x),
    w * w - x * x - y * y + z * z,
  ];
}
