/**
 * Text output shared by the ASCII writers: float32 values printed shortest-first so they parse back to the same
 * float32, colour bytes as 0–1 fractions, and a sink that encodes UTF-8 in chunks so huge files never build one string.
 */

/** Exact powers of ten as doubles (10^0 .. 10^22). */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** Whether x rounded to `m` decimal places (negative: to tens, hundreds…) is still the same float32. */
function keeps(x: number, m: number): boolean {
  const r = m >= 0 ? Math.round(x * POW10[m]!) / POW10[m]! : Math.round(x / POW10[-m]!) * POW10[-m]!;
  return Math.fround(r) === x;
}

/** A toPrecision result without trailing zeros (or in JS's short exponent form). */
const tidy = (s: string): string =>
  s.includes('e') ? String(Number(s)) : s.includes('.') ? s.replace(/\.?0+$/, '') : s;

/**
 * The shortest decimal (at most 9 significant digits) that parses back to exactly the float32 `x`. The digit count
 * is found with arithmetic (string parsing is the slow part), then checked once on the printed text.
 */
export function formatFloat32(x: number): string {
  if (!Number.isFinite(x) || (Number.isInteger(x) && Math.abs(x) <= 16777216)) return String(x);
  const e = Math.floor(Math.log10(Math.abs(x)));
  for (let p = 6; p < 9; p++) {
    const m = p - 1 - e;
    if (m > 22 || m < -22 || keeps(x, m)) {
      const s = x.toPrecision(p);
      if (Math.fround(Number(s)) === x) return tidy(s);
    }
  }
  return tidy(x.toPrecision(9));
}

/** "0".."1" for each colour byte, with enough digits that Math.round(v * 255) gives the byte back. */
export const colourText: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  String(Number((b / 255).toFixed(4))),
);

/** Collects text and encodes it to UTF-8 in ~1 MB chunks; `bytes()` joins them once. */
export class TextSink {
  private pending = '';
  private chunks: Uint8Array[] = [];
  private length = 0;
  private readonly encoder = new TextEncoder();

  write(s: string): void {
    this.pending += s;
    if (this.pending.length > 1 << 20) this.flush();
  }

  bytes(): Uint8Array {
    this.flush();
    if (this.chunks.length === 1) return this.chunks[0]!;
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  private flush(): void {
    if (!this.pending) return;
    const c = this.encoder.encode(this.pending);
    this.chunks.push(c);
    this.length += c.length;
    this.pending = '';
  }
}
