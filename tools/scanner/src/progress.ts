/**
 * Upload progress on stderr (stdout carries only results). `bar`: one line redrawn in place, percent per file and
 * overall (a terminal). `files`: one line per file once it is uploaded (not a terminal: logs stay short). `lines`:
 * a line at every whole percent, for programs that wrap the command. `none`: silent.
 */
export type ProgressMode = 'auto' | 'bar' | 'files' | 'lines' | 'none';
export const ProgressModes = ['auto', 'bar', 'files', 'lines', 'none'] as const;

export interface Writer {
  write(s: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 ** 2
      ? `${(n / 1024).toFixed(1)} KiB`
      : n < 1024 ** 3
        ? `${(n / 1024 ** 2).toFixed(1)} MiB`
        : `${(n / 1024 ** 3).toFixed(2)} GiB`;

const pct = (done: number, total: number) => (total > 0 ? Math.floor((done / total) * 100) : 100);

export class Progress {
  private readonly mode: Exclude<ProgressMode, 'auto'>;
  private readonly sizes = new Map<string, number>();
  private readonly done = new Map<string, number>();
  private lastLine = '';
  private lastPct = new Map<string, number>();

  constructor(
    private readonly out: Writer,
    mode: ProgressMode = 'auto',
  ) {
    this.mode = mode === 'auto' ? (out.isTTY ? 'bar' : 'files') : mode;
  }

  /** Files to upload and their sizes, for the overall percent. */
  plan(files: { name: string; size: number }[]) {
    for (const f of files) {
      this.sizes.set(f.name, f.size);
      this.done.set(f.name, 0);
    }
  }

  /** A plain message line (keeps the bar below it). */
  note(message: string) {
    if (this.mode === 'none') return;
    this.clearBar();
    this.out.write(`${message}\n`);
    this.redraw();
  }

  /** A file's upload starts, possibly resumed at `offset`. */
  start(name: string, offset: number) {
    this.done.set(name, offset);
    if (offset > 0 && this.mode !== 'none') {
      this.note(`${name}: resuming at ${pct(offset, this.sizes.get(name) ?? 0)}% (${formatBytes(offset)})`);
    }
    this.update(name, offset);
  }

  update(name: string, sent: number) {
    this.done.set(name, sent);
    const size = this.sizes.get(name) ?? 0;
    if (this.mode === 'bar') this.redraw(name);
    else if (this.mode === 'lines') {
      const p = pct(sent, size);
      if (this.lastPct.get(name) === p) return;
      this.lastPct.set(name, p);
      this.out.write(`progress ${name} ${p}% overall ${this.overall()}%\n`);
    }
  }

  /** A file is on the server whole. */
  finish(name: string, resumedAt: number) {
    const size = this.sizes.get(name) ?? 0;
    this.done.set(name, size);
    this.current = undefined;
    if (this.mode === 'none') return;
    if (this.mode === 'lines') {
      this.update(name, size);
      return;
    }
    const resumed = resumedAt > 0 ? `, resumed at ${pct(resumedAt, size)}%` : '';
    this.note(`${name}: uploaded ${formatBytes(size)}${resumed}`);
  }

  /** Leaves the terminal line clean (before the result is printed or on an error). */
  end() {
    this.clearBar();
    this.lastLine = '';
  }

  private overall() {
    let total = 0;
    let done = 0;
    for (const [name, size] of this.sizes) {
      total += size;
      done += Math.min(size, this.done.get(name) ?? 0);
    }
    return pct(done, total);
  }

  private current?: string;
  private drawnAt = 0;
  private drawnKey = '';
  private redraw(name = this.current) {
    if (this.mode !== 'bar' || !name) return;
    this.current = name;
    const size = this.sizes.get(name) ?? 0;
    const sent = this.done.get(name) ?? 0;
    let line = `${name} ${pct(sent, size)}% (${formatBytes(sent)} of ${formatBytes(size)})`;
    if (this.sizes.size > 1) line += ` | overall ${this.overall()}%`;
    const width = Math.max(20, (this.out.columns || 80) - 1);
    if (line.length > width) line = line.slice(line.length - width);
    if (line === this.lastLine) return;
    // At most ten redraws a second, but every whole percent shows.
    const now = Date.now();
    const key = `${name}\n${pct(sent, size)}`;
    if (now - this.drawnAt < 100 && key === this.drawnKey && sent < size) return;
    this.drawnAt = now;
    this.drawnKey = key;
    this.out.write(`\r\x1b[2K${line}`);
    this.lastLine = line;
  }

  private clearBar() {
    if (this.mode === 'bar' && this.lastLine) {
      this.out.write('\r\x1b[2K');
      this.lastLine = '';
    }
  }
}
