/** One sample of Prometheus' text format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses Prometheus' text exposition format (comments skipped): what a scraper reads. Used by the tests and by
 * anyone checking an answer by hand; values `NaN`, `+Inf` and `-Inf` are numbers.
 */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL))
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    const v = m[3]!;
    samples.push({
      name: m[1]!,
      labels,
      value: v === '+Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v),
    });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (undefined when none matches). */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const hits = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return hits.length ? hits.reduce((sum, s) => sum + s.value, 0) : undefined;
}
