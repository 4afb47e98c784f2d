import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * A node-postgres connection that prepares every parameterized statement under a name derived from its text, so
 * PostgreSQL parses it once per connection. With `plan_cache_mode = force_generic_plan` (set on the pool, see
 * `client.ts`) it is also planned once: the device list's statement cost ~1 ms of planning for ~0.5 ms of work on
 * every call. At most `limit` names per connection; texts past that run unnamed, as before.
 *
 * Drizzle calls `query({ text, … }, values)`; other callers `query(text, values)`. Statements without values
 * (BEGIN, COMMIT, DDL) are left alone.
 */
export function preparingClient(limit: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #names = new Set<string>();

    #nameFor(text: string): string | undefined {
      const name = `a${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      if (!this.#names.has(name)) {
        if (this.#names.size >= limit) return undefined;
        this.#names.add(name);
      }
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
