/**
 * The download ring: how far an archive has come. `total` is the archive's Content-Length, else the size the
 * server announced (the files' sum); unknown or zero means no percentage. The ring stays below 100 until the last
 * byte has arrived (a compressed archive can end before the announced size, a stored one run slightly past it).
 */
export function downloadPercent(
  received: number,
  total: number | null | undefined,
  { done = false }: { done?: boolean } = {},
): number | null {
  if (done) return 100;
  if (!total || total <= 0 || !Number.isFinite(total)) return null;
  const percent = Math.floor((Math.max(0, received) / total) * 100);
  return Math.min(99, percent);
}

/** A Content-Length header as a number, or null when missing or not a positive integer. */
export function contentLength(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  const n = Number(header.trim());
  return n > 0 ? n : null;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), else `fallback`. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (header) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
    if (star?.[1]) {
      try {
        return safeFileName(decodeURIComponent(star[1].trim()), fallback);
      } catch {
        // A malformed escape: fall through to the plain name.
      }
    }
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
    const name = plain?.[2] ?? plain?.[1];
    if (name) return safeFileName(name.trim(), fallback);
  }
  return safeFileName(fallback, 'case.zip');
}

/** No path separators or control characters in a saved file's name. */
export function safeFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}
