import { describe, expect, it } from 'vitest';
import { statsRows } from './stats.presenter.ts';

/** Issue 34, "Sorting": the table's clinics in the reader's language, not English for everyone. */
const NAMES = ['Zahnlabor', 'apex', 'Ästhetik', 'Ørsta', 'Čapek', 'Zoë', 'Émile'];
/** The root order (English, German, French …): accents with their letter, case after the letter. */
const ROOT = ['apex', 'Ästhetik', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë'];
/** Norwegian: Æ (and Ä), Ø, Å after Z. */
const NORWEGIAN = ['apex', 'Čapek', 'Émile', 'Zahnlabor', 'Zoë', 'Ästhetik', 'Ørsta'];

describe('the statistics table sorts clinics in the reader’s language', () => {
  const rows = NAMES.map((_, i) => ({
    partnerId: `p${i}`,
    month: '2026-11',
    total: 1,
    ortho: 1,
    restoration: 0,
    implant: 0,
  }));
  const names = new Map(NAMES.map((n, i) => [`p${i}`, n]));
  const table = (language?: string) =>
    statsRows(rows, names, { from: '2026-11', to: '2026-11', sort: 'clinic', order: 'asc', language }).map(
      (r) => r.clinic,
    );

  it('root order without a language, Norwegian’s letters after Z in Norwegian', () => {
    expect(table()).toEqual(ROOT);
    expect(table('de')).toEqual(ROOT);
    expect(table('no')).toEqual(NORWEGIAN);
  });
});
