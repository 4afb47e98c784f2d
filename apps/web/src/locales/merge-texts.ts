export type Texts = { [key: string]: string | Texts };

/**
 * Deep-merges one locale file into the texts so far. The texts of a language are split by feature
 * (`common.json`, `account.json` …); each key lives in exactly one file, so a key given twice throws, naming `file`.
 */
export function mergeTexts(into: Texts, add: Texts, file: string, prefix = ''): Texts {
  const out: Texts = { ...into };
  for (const [key, value] of Object.entries(add)) {
    const full = prefix ? `${prefix}.${key}` : key;
    const had = out[key];
    if (had === undefined) out[key] = value;
    else if (typeof had === 'object' && typeof value === 'object')
      out[key] = mergeTexts(had, value, file, full);
    else throw new Error(`${file}: ${full} is already defined by another locale file`);
  }
  return out;
}
