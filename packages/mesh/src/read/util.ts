/**
 * Small helpers the readers share: growable typed arrays (capped, so a lying header cannot make us allocate more than
 * it declared), a whitespace tokenizer over text with line numbers, and byte-level text checks.
 */
import { MeshError } from '../mesh.ts';

const FIRST_CAPACITY = 1 << 16;

/** A Float32Array that grows by doubling up to `max` values (starting small, so a count of 4e9 costs nothing). */
export class F32Builder {
  private data: Float32Array;
  length = 0;
  constructor(private readonly max = Infinity) {
    this.data = new Float32Array(Math.min(FIRST_CAPACITY, max));
  }
  /** Makes room for `n` more values at once (a run of records whose bytes are all there). */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.data.length) return;
    if (need > this.max) throw new MeshError('bad-count', 'more values than the header declared');
    const next = new Float32Array(Math.min(Math.max(this.data.length * 2, need), this.max));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float32Array(Math.min(Math.max(this.data.length * 2, 16), this.max));
      if (next.length === this.data.length)
        throw new MeshError('bad-count', 'more values than the header declared');
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  finish(): Float32Array {
    return this.data.length === this.length ? this.data : this.data.slice(0, this.length);
  }
}

/** The same for Uint8Array (colours) and Uint32Array (indices). */
export class U8Builder {
  private data: Uint8Array;
  length = 0;
  constructor(private readonly max = Infinity) {
    this.data = new Uint8Array(Math.min(FIRST_CAPACITY, max));
  }
  /** Makes room for `n` more values at once (a run of records whose bytes are all there). */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.data.length) return;
    if (need > this.max) throw new MeshError('bad-count', 'more values than the header declared');
    const next = new Uint8Array(Math.min(Math.max(this.data.length * 2, need), this.max));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(Math.min(Math.max(this.data.length * 2, 16), this.max));
      if (next.length === this.data.length)
        throw new MeshError('bad-count', 'more values than the header declared');
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  finish(): Uint8Array {
    return this.data.length === this.length ? this.data : this.data.slice(0, this.length);
  }
}

export class U32Builder {
  private data = new Uint32Array(1024);
  length = 0;
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.data.length) return;
    const next = new Uint32Array(Math.max(this.data.length * 2, need));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  finish(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

/** A colour channel: integers as they are (clamped to 0–255), floats (0–1) scaled by 255. */
export const toByte = (v: number, isFloat: boolean): number => {
  const b = isFloat ? Math.round(v * 255) : Math.round(v);
  return b < 0 ? 0 : b > 255 ? 255 : b || 0;
};

/** Bytes as text, one character per byte (the formats are ASCII; names and comments may hold anything). */
export const latin1 = (bytes: Uint8Array): string => new TextDecoder('latin1').decode(bytes);

/** True when the bytes look like text: no control characters other than tab, newlines, form feed. */
export const looksLikeText = (bytes: Uint8Array): boolean => {
  for (const b of bytes) if (b < 9 || (b > 13 && b < 32) || b === 127) return false;
  return true;
};

/** True when `bytes` starts with the ASCII `word` (lower case), ignoring case. */
export const startsWithWord = (bytes: Uint8Array, word: string, at = 0): boolean => {
  if (bytes.length < at + word.length) return false;
  for (let i = 0; i < word.length; i++) if ((bytes[at + i]! | 0x20) !== word.charCodeAt(i)) return false;
  return true;
};

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Whitespace-separated tokens of a text, with the line each one is on (for messages). */
export class Tokens {
  private i = 0;
  line = 1;
  constructor(
    private readonly s: string,
    private readonly what: string,
  ) {}

  /** The next token, or undefined at the end. */
  next(): string | undefined {
    const s = this.s;
    let i = this.i;
    while (i < s.length && isSpace(s.charCodeAt(i))) {
      if (s.charCodeAt(i) === 10) this.line++;
      i++;
    }
    if (i >= s.length) {
      this.i = i;
      return undefined;
    }
    const start = i;
    while (i < s.length && !isSpace(s.charCodeAt(i))) i++;
    this.i = i;
    return s.slice(start, i);
  }

  /** The next token, which must be there. */
  expect(what: string): string {
    const t = this.next();
    if (t === undefined) throw new MeshError('truncated', `${this.what} ends where ${what} was expected`);
    return t;
  }

  /** The next token as a finite number. */
  number(what: string): number {
    const t = this.expect(what);
    const v = Number(t);
    if (!Number.isFinite(v) || t.startsWith('0x') || t.startsWith('0X')) {
      throw new MeshError(
        'bad-number',
        `${this.what}: ${what} '${t.slice(0, 40)}' on line ${this.line} is not a number`,
      );
    }
    return v;
  }

  /** The next token as an integer. */
  integer(what: string): number {
    const v = this.number(what);
    if (!Number.isInteger(v)) {
      throw new MeshError('bad-number', `${this.what}: ${what} ${v} on line ${this.line} is not an integer`);
    }
    return v;
  }

  /** Skips the rest of the current line. */
  skipLine(): void {
    const end = this.s.indexOf('\n', this.i);
    this.i = end < 0 ? this.s.length : end;
  }
}
