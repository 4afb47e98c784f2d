import { describe, expect, it } from 'vitest';
import { freshPostgres } from '../../testing/test-app.ts';
import { preparingClient } from './preparing-client.ts';

describe('the preparing connection (PostgreSQL)', () => {
  it('prepares each parameterized text once, plans it generically, and stops naming past its limit', async () => {
    const pgdb = await freshPostgres();
    const Client = preparingClient(2);
    const client = new Client({
      connectionString: pgdb.url,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    await client.connect();
    try {
      const prepared = async () =>
        (
          await client.query<{ statement: string; generic_plans: string }>(
            'select statement, generic_plans from pg_prepared_statements order by statement',
          )
        ).rows;
      for (const n of [1, 2, 3])
        expect((await client.query('select $1::int + 1 as n', [n])).rows).toEqual([{ n: n + 1 }]);
      // Drizzle's form: a config object, values apart.
      expect((await client.query({ text: 'select $1::text as s' }, ['x'])).rows).toEqual([{ s: 'x' }]);
      // A third text is past the limit: it runs, unnamed.
      expect((await client.query('select $1::int * 2 as n', [4])).rows).toEqual([{ n: 8 }]);
      // A statement without values and one that fails change nothing.
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await expect(client.query('select $1::int from no_such_table', [1])).rejects.toThrow(/no_such_table/);
      expect(await prepared()).toEqual([
        { statement: 'select $1::int + 1 as n', generic_plans: '3' },
        { statement: 'select $1::text as s', generic_plans: '1' },
      ]);
      // A caller's own name is kept.
      await client.query({ name: 'mine', text: 'select $1::int as n' }, [5]);
      expect((await prepared()).map((p) => p.statement)).toContain('select $1::int as n');
    } finally {
      await client.end();
      await pgdb.drop();
    }
  });
});
