import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Languages } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './client.ts';
import { byName, NAME_COLLATIONS, nameCollation } from './collation.ts';

const NAMES = ['Zahnlabor', 'apex', 'Ästhetik', 'Ørsta', 'Čapek', 'Zoë', 'Émile'];
/** The root order (English, German, French …): accents with their letter, case after the letter. */
const ROOT = ['apex', 'Ästhetik', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë'];
/** Norwegian: Æ (and Ä), Ø, Å after Z (the same orders are asserted through the partner list and statistics). */
const NORWEGIAN = ['apex', 'Čapek', 'Émile', 'Zahnlabor', 'Zoë', 'Ästhetik', 'Ørsta'];
/** Czech: Č is a letter of its own, after C (after "Clinic"). */
const CZECH = ['apex', 'Ästhetik', 'Clinic', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë'];

describe.each(engines)('names sort in the reader’s language (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  const sorted = async (names: string[], language?: string) =>
    (
      await rowsOf<{ n: string }>(
        t.app.platform.db,
        sql`select n from unnest(${sql.raw(`array[${names.map((n) => `'${n}'`).join(', ')}]`)}) n
          order by ${byName(sql.raw('n'), language)}`,
      )
    ).map((r) => r.n);

  it('the database has the ICU collation of every interface language', async () => {
    const rows = await rowsOf<{ collname: string }>(
      t.app.platform.db,
      sql`select collname from pg_collation where collprovider = 'i'`,
    );
    const have = new Set(rows.map((r) => r.collname));
    expect(Languages.map((l) => nameCollation(l)).filter((c) => !have.has(c))).toEqual([]);
    expect(have.has('und-x-icu')).toBe(true);
  });

  it('orders names by letter, not by code point as the default collation does', async () => {
    const plain = (
      await rowsOf<{ n: string }>(
        t.app.platform.db,
        sql`select n from unnest(${sql.raw(`array[${NAMES.map((n) => `'${n}'`).join(', ')}]`)}) n order by n collate "C"`,
      )
    ).map((r) => r.n);
    expect(plain).toEqual(['Zahnlabor', 'Zoë', 'apex', 'Ästhetik', 'Émile', 'Ørsta', 'Čapek']);
    expect(await sorted(NAMES)).toEqual(ROOT);
    expect(await sorted(NAMES, 'en')).toEqual(ROOT);
    expect(await sorted(NAMES, 'de')).toEqual(ROOT);
    expect(await sorted(NAMES, 'no')).toEqual(NORWEGIAN);
    expect(await sorted([...NAMES, 'Clinic'], 'cs')).toEqual(CZECH);
    // An unknown or missing language sorts in the root order.
    expect(await sorted(NAMES, 'xx')).toEqual(ROOT);
    expect(nameCollation(null)).toBe('und-x-icu');
    expect(Object.keys(NAME_COLLATIONS).sort()).toEqual([...Languages].sort());
  });
});
