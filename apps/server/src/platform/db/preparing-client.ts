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
 * A node-postgres connection that prepares every parameterized statement under a name of its text, so PostgreSQL
 * parses it once per connection. With `plan_cache_mode = force_generic_plan` (set on the pool, see `client.ts`) it
 * is also planned once: the device list's statement cost ~1 ms of planning for ~0.5 ms of work on every call. At most
 * `limit` names per connection; texts past that run unnamed, as before.
 *
 * Drizzle calls `query({ text, … }, values)`; other callers `query(text, values)`. Statements without values
 * (BEGIN, COMMIT, DDL) are left alone, and so is a statement that has its own name (drizzle's `.prepare(name)`).
 */
export function preparingClient(limit: number, names: StatementNames = shared): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #prepared = new Set<string>();

    #nameFor(text: string): string | undefined {
      const name = names.nameOf(text);
      if (name === undefined || this.#prepared.has(name)) return name;
      if (this.#prepared.size >= limit) return undefined;
      this.#prepared.add(name);
      return name;
    }

    override query(...args: unknown[]): never {
      const [config, values] = args;
      const plain = (...a: unknown[]) => (super.query as (...b: unknown[]) => never).apply(this, a);
      if (!Array.isArray(values) || !values.length) return plain(...args);
      const given =
        typeof config === 'string' ? { text: config } : (config as { text?: unknown; name?: unknown });
      if (!given || typeof given.text !== 'string' || given.name) return plain(...args);
      const name = this.#nameFor(given.text);
      return name ? plain({ ...given, name }, ...args.slice(1)) : plain(...args);
    }
  };
}
