import type { FastifyInstance } from 'fastify';
import { isSafeText } from '@archway/contract';

/** JSON bodies nested deeper than this are refused before they are parsed (no handler needs more). */
export const MAX_JSON_DEPTH = 32;

/**
 * Input the server refuses before any schema sees it: the call's parameter error (HTTP 400, the route's
 * `config.validationError`, else the generic 400). `field` says where: `body`, `querystring.key` …
 */
export class BadInputError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'BadInputError';
  }
}

/** True when the JSON text opens more than `limit` nested objects or arrays (strings are skipped). */
export function jsonNestingExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/**
 * Where in `value` a string or key holds a NUL byte or a lone surrogate, as a dotted path, or undefined.
 * `value` is parsed input, so its depth is already bounded (MAX_JSON_DEPTH; query strings are flat).
 */
export function unsafeTextAt(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : at;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (!isSafeText(k)) return at;
    const found = unsafeTextAt(v, `${at}.${k}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * No 500 on hostile input, for every route at once:
 * - JSON bodies: nesting deeper than MAX_JSON_DEPTH is refused before parsing; then Fastify's own parser
 *   (prototype-poisoning keys refused);
 * - NUL bytes and lone surrogates anywhere in the body, the query string or the path parameters are refused
 *   (PostgreSQL cannot store them, and they are never meaningful).
 * Each is the call's parameter error (see BadInputError), before validation runs.
 */
export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestingExceeds(body as string))
      return done(new BadInputError('body', `JSON nested deeper than ${MAX_JSON_DEPTH}`), undefined);
    return parseJson(req, body as string, done);
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const where =
      unsafeTextAt(req.params, 'params') ??
      unsafeTextAt(req.query, 'querystring') ??
      unsafeTextAt(req.body, 'body');
    done(where ? new BadInputError(where, 'contains a NUL byte or an unpaired surrogate') : undefined);
  });
}
