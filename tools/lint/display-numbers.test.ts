import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { nodes, parse, walk } from './syntax.ts';

/**
 * Numbers a person reads follow the interface language (issue 34, "Numbers and units"; docs/decisions.md): the web
 * app writes them through apps/web/src/shared/i18n/format.ts, never with `toFixed()` (always a full stop, "1.5 MB"
 * in German) or a bare `toLocaleString()` / `toLocaleDateString()` / `toLocaleTimeString()` (the browser's language,
 * not the interface's), nor an Intl.NumberFormat of its own (format.ts's `numberFormat` gives the language's tag and
 * is cached). Read as syntax trees, so comments and strings never count. A few `toFixed` calls make no
 * text for a person (CSS values, a test attribute, rounding a number): they are listed below with their count, so
 * a new one in the same file fails too.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const WEB = 'apps/web/src';

/**
 * File → how many `toFixed` / `localeCompare` calls (or own `new Intl.NumberFormat`) it may have, and why they are no
 * display, no name order, or the formatters themselves.
 */
type Allowed = 'toFixed' | 'localeCompare' | 'Intl.NumberFormat';
const ALLOWED: Record<string, Partial<Record<Allowed, { count: number; why: string }>>> = {
  'apps/web/src/shared/i18n/format.ts': { 'Intl.NumberFormat': { count: 1, why: 'the formatters' } },
  'apps/web/src/shared/i18n/i18n.ts': {
    'Intl.NumberFormat': { count: 1, why: 'i18next’s {{count, number}} format' },
    localeCompare: { count: 1, why: 'the order the locale files merge in (file names), no display' },
  },
  'apps/web/src/features/manager/utils/backup-format.ts': {
    'Intl.NumberFormat': { count: 1, why: 'durations in Intl’s hour/minute/second units' },
  },
  'apps/web/src/shared/mesh-view/PinMarkers.tsx': { toFixed: { count: 2, why: 'a CSS transform in px' } },
  'apps/web/src/features/cases/components/preview/BitePanel.tsx': {
    toFixed: { count: 1, why: 'the legend gradient’s CSS stop positions' },
  },
  'apps/web/src/features/cases/components/preview/views.ts': {
    toFixed: { count: 1, why: 'the viewer’s data-camera attribute, read by the journeys' },
  },
  'apps/web/src/features/compare/utils/nice-ticks.ts': {
    toFixed: { count: 1, why: 'rounds a tick to a number; its label is formatted in the language' },
  },
  'apps/web/src/features/devices/utils/lent.ts': {
    localeCompare: { count: 2, why: 'ISO times and serial numbers, no names' },
  },
};

const LOCALE_METHODS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']);

export interface Finding {
  line: number;
  call: string;
}

/**
 * `x.toFixed(…)` anywhere, `x.toLocale…String()` with no locale (or `undefined`), and `a.localeCompare(b)` with no
 * locale (names sort with shared/i18n/format.ts's `compareNames`, in the interface language).
 */
export function displayNumberCalls(sf: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  for (const n of nodes(sf)) {
    if (
      ts.isNewExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === 'Intl' &&
      n.expression.name.text === 'NumberFormat'
    ) {
      found.push({
        line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1,
        call: 'Intl.NumberFormat',
      });
      continue;
    }
    if (!ts.isCallExpression(n)) continue;
    const callee = n.expression;
    const name = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)
        ? callee.argumentExpression.text
        : undefined;
    if (!name) continue;
    const first = n.arguments[0];
    const noLocale = !first || (ts.isIdentifier(first) && first.text === 'undefined');
    const noCompareLocale = name === 'localeCompare' && n.arguments.length < 2;
    if (name === 'toFixed' || (LOCALE_METHODS.has(name) && noLocale) || noCompareLocale) {
      found.push({ line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, call: name });
    }
  }
  return found;
}

const displayCode = (): string[] =>
  walk(join(root, WEB))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/\.d\.ts$/.test(f))
    .map((f) => relative(root, f).split('\\').join('/'));

describe('numbers in the interface language', () => {
  it('the web app formats no number with toFixed or a bare toLocaleString, and sorts no name with a bare localeCompare', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const file of displayCode()) {
      const found = displayNumberCalls(parse(join(root, file)));
      const allowed = ALLOWED[file];
      if (allowed) seen.add(file);
      for (const f of found) {
        const allowance = allowed?.[f.call as Allowed];
        if (allowance && found.filter((g) => g.call === f.call).length <= allowance.count) continue;
        problems.push(`${file}:${f.line} ${f.call}(): use shared/i18n/format.ts`);
      }
    }
    expect(problems).toEqual([]);
    // An entry for a file that no longer exists is stale.
    expect(Object.keys(ALLOWED).filter((f) => !seen.has(f))).toEqual([]);
  });

  it('finds a planted toFixed, a bare toLocaleString, an undefined locale, a bare localeCompare; not a locale given', () => {
    const sf = parse(
      'planted.tsx',
      [
        'const a = `${(bytes / 1024).toFixed(1)} KB`;',
        'const b = count.toLocaleString();',
        "const c = new Date(iso)['toLocaleDateString']();",
        'const d = when.toLocaleTimeString(undefined, { timeStyle: "short" });',
        'const e = count.toLocaleString(intlLocale());',
        "const f = new Date().toLocaleDateString('de');",
        '// x.toFixed(2) in a comment',
        "const g = 'y.toLocaleString()';",
        'names.sort((a, b) => a.localeCompare(b));',
        "names.sort((a, b) => a.localeCompare(b, 'de'));",
        'const h = new Intl.NumberFormat(i18n.language).format(n);',
      ].join('\n'),
    );
    expect(displayNumberCalls(sf)).toEqual([
      { line: 1, call: 'toFixed' },
      { line: 2, call: 'toLocaleString' },
      { line: 3, call: 'toLocaleDateString' },
      { line: 4, call: 'toLocaleTimeString' },
      { line: 9, call: 'localeCompare' },
      { line: 11, call: 'Intl.NumberFormat' },
    ]);
  });
});
