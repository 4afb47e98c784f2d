import pg from 'pg';

/** Statement texts named at most, for all connections together (texts past that run unnamed). */
const NAMED_TEXTS = 5000;

/**
 * The names of statement texts, shared by every connection of every pool made by `preparingClient`: a text is named
 * the first time it is seen (`s1`, `s2` … in order), and later look-ups are one map look-up (no hashing of the text
 * on every request: issue 35). A name means the same text on every connection, so a connection may prepare it under
 * that name whenever it first runs it.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  constructor(readonly max = NAMED_TEXTS) {}

  /** The text's name (undefined: the table is full and the text is new). */
  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || this.#names.size >= this.max) return known;
    const name = `s${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

const shared = new StatementNames();

/**
 * The names one connection has prepared: `nameFor(text)` answers the name to run `text` under (undefined: unnamed),
 * at most `limit` names per connection.
 */
export class ConnectionNames {
  readonly #prepared = new Set<string>();
  constructor(
    readonly limit: number,
    readonly names: StatementNames = shared,
  ) {}

  nameFor(text: string): string | undefined {
    const name = this.names.nameOf(text);
    if (name === undefined || this.#prepared.has(name)) return name;
    if (this.#prepared.size >= this.limit) return undefined;
    this.#prepared.add(name);
    return name;
  }
}

/**
 * `query`'s arguments with the statement named when it should be prepared: a statement with values and without a
 * name of its own (drizzle's `.prepare(name)` keeps its). The same array, its first element replaced, or unchanged.
 */
export function namedArgs(args: unknown[], names: ConnectionNames): unknown[] {
  const values = args[1];
  if (!Array.isArray(values) || !values.length) return args;
  const config = args[0];
  if (typeof config === 'string') {
    const name = names.nameFor(config);
    if (name) args[0] = { text: config, name };
    return args;
  }
  const given = config as { text?: unknown; name?: unknown; submit?: unknown } | null;
  if (!given || typeof given.text !== 'string' || given.name || typeof given.submit === 'function')
    return args;
  const name = names.nameFor(given.text);
  if (name) args[0] = { ...given, name };
  return args;
}

/**
 * A node-postgres connection that prepares every parameterized statement under a name of its text, so PostgreSQL
 * parses it once per connection. With `plan_cache_mode = force_generic_plan` (set on the pool, see `client.ts`) it
 * is also planned once: the device list's statement cost ~1 ms of planning for ~0.5 ms of work on every call. At most
 * `limit` names per connection; texts past that run unnamed, as before.
 *
 * Drizzle calls `query({ text, … }, values)`; other callers `query(text, values)`. Statements without values
 * (BEGIN, COMMIT, DDL) are left alone, and so is a statement that has its own name (drizzle's `.prepare(name)`).
 * The pool's connections do the same inside their one `query` (cancel.ts `poolConnection`); this class alone is for
 * a connection of its own.
 */
export function preparingClient(limit: number, names: StatementNames = shared): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #names = new ConnectionNames(limit, names);

    override query(...args: unknown[]): never {
      return (super.query as (...b: unknown[]) => never).apply(this, namedArgs(args, this.#names));
    }
  };
}
