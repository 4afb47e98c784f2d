/**
 * Text output shared by the ASCII writers: float32 values printed shortest-first so they parse back to the same
 * float32, colour bytes as 0–1 fractions, and a sink that encodes UTF-8 in chunks so huge files never build one string.
 */

/** The shortest decimal (at most 9 significant digits) that parses back to exactly the float32 `x`. */
export function formatFloat32(x: number): string {
  const plain = String(x);
  if (plain.length <= 8 || !Number.isFinite(x)) return plain; // short already, and exact as a double
  for (let p = 6; p < 9; p++) {
    const t = Number(x.toPrecision(p));
    if (Math.fround(t) === x) return String(t);
  }
  return String(Number(x.toPrecision(9)));
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
