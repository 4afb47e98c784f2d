import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/**
 * Statements built once (issue 35): drizzle turns a `sql` template into its text and parameters on every call
 * (`buildQueryFromSourceParams`, `is` …), which for the queries every request runs (the actor's, the current user's)
 * cost more than the statement itself. A `statement` builds its text the first time it runs, with `sql.placeholder`
 * for each named value, and afterwards only fills the values in; the text is then always the same string, named once
 * by the preparing connection (preparing-client.ts).
 *
 *   const byId = statement(['id'], (p) => sql`select … where id = ${p.id}`);
 *   const rows = await byId<Row>(db, { id });
 *
 * Only for a fixed shape: a template whose text depends on the values (optional filters, sorts) keeps `rowsOf`.
 */
export function statement<K extends string>(
  names: readonly K[],
  build: (p: Record<K, Placeholder<K>>) => SQL,
): <T>(db: Queryable, values: Record<K, unknown>) => Promise<T[]> {
  let built: Query | undefined;
  return async <T>(db: Queryable, values: Record<K, unknown>) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    built ??= dialect.sqlToQuery(
      build(Object.fromEntries(names.map((n) => [n, sql.placeholder(n)])) as Record<K, Placeholder<K>>),
    );
    const result = (await session.prepareQuery(built, undefined, undefined, false).execute(values)) as {
      rows: T[];
    };
    return result.rows;
  };
}

/**
 * A drizzle query built and prepared once per database (or transaction) object: `build` makes it with
 * `sql.placeholder` for its values and ends in `.prepare(name)`, a name no other statement uses.
 *
 *   const userById = preparedOn((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('user_by_id'));
 *   const [row] = await userById(db).execute({ id });
 */
export function preparedOn<P>(build: (db: Queryable) => P): (db: Queryable) => P {
  const made = new WeakMap<Queryable, P>();
  return (db) => {
    let p = made.get(db);
    if (p === undefined) made.set(db, (p = build(db)));
    return p;
  };
}
