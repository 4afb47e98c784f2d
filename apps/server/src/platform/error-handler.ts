import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GenericErrors, serverLanguage, type ErrorDef } from '@archway/contract';
import { AppError } from './errors.ts';
import { fail } from './envelope.ts';
import { BadInputError } from './input-guard.ts';

/** SQLSTATE codes are five characters; pg and PGlite errors carry one, Drizzle wraps them as `cause`. */
const isDatabaseError = (err: unknown): boolean => {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && ('severity' in e || 'routine' in e))
      return true;
    if ((e as Error).name === 'DrizzleQueryError') return true;
  }
  return false;
};

/** The SQLSTATE of a database error (pg, PGlite, or wrapped by Drizzle as `cause`), if any. */
const sqlState = (err: unknown): string | undefined => {
  for (let e = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && ('severity' in e || 'routine' in e))
      return code;
  }
  return undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's own "parameter error" code, used instead of the generic 400 for invalid input. */
    validationError?: ErrorDef;
    /**
     * Every refusal of the call also carries its code as `data.res` (calls-and-errors §8.4: the notification settings'
     * client reads `res`), invalid input included.
     */
    refusalRes?: boolean;
  }
}

/** The refusal's details, with `res` when the call answers its refusals that way. */
const detailsFor = (req: FastifyRequest, def: ErrorDef, details?: Record<string, unknown>) =>
  req.routeOptions?.config?.refusalRes ? { ...details, res: def.code } : details;

/** The call's own "parameter error" where its table has one, else the generic 400. */
const parameterError = (req: FastifyRequest): ErrorDef =>
  req.routeOptions?.config?.validationError ?? GenericErrors.validation;

/**
 * Maps every error to the catalogue envelope. Internals never leave the process: the answer is only ever
 * `{success, errorCode, errorMessage, data: {key, field?, results?}}`, never a message or a stack of an error.
 * - AppError → its catalogue entry;
 * - invalid input (zod, BadInputError: deep JSON, NUL bytes, lone surrogates) → HTTP 400, the call's parameter code;
 * - any other 4xx Fastify raises (malformed JSON, wrong content type, body too large …) → HTTP 400, the call's
 *   parameter code (a 429 stays "too many attempts");
 * - a database failure → 500 code 310; anything else → 500 code 300, logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance, onRefused?: InputRefusalListener): void {
  app.setErrorHandler(async (err: FastifyError | AppError | BadInputError, req, reply) => {
    const lang = serverLanguage(req.headers['accept-language']);
    if (err instanceof AppError) {
      return reply
        .status(err.def.status)
        .send(fail(err.def, err.field, lang, detailsFor(req, err.def, err.details)));
    }
    let field: string | undefined;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;
      field = [err.validationContext, where].filter(Boolean).join('.') || undefined;
    } else if (err instanceof BadInputError) {
      field = err.field;
    } else {
      const status = (err as FastifyError).statusCode;
      // SQLSTATE class 22 (data exception: a value out of range, text that is no UUID …) comes from input no
      // schema caught: still the caller's parameter error, not a 500. Logged, since a schema should catch it.
      if (sqlState(err)?.startsWith('22')) {
        req.log.warn({ err, reqId: req.id }, 'input refused by the database');
      } else if (!(status && status >= 400 && status < 500)) {
        const def = isDatabaseError(err) ? GenericErrors.database : GenericErrors.application;
        req.log.error({ err, reqId: req.id }, 'request failed');
        return reply.status(500).send(fail(def, undefined, lang));
      } else if (status === 429)
        return reply.status(429).send(fail(GenericErrors.tooManyAttempts, undefined, lang));
      // Malformed JSON, wrong content type, body too large …: the caller's fault, said plainly.
      else
        field = status === 413 || (err as FastifyError).code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
    }
    const def = parameterError(req);
    await onRefused?.(req, def, field);
    return reply.status(400).send(fail(def, field, lang, detailsFor(req, def)));
  });
}

/** Called for each invalid-input refusal the error handler answers (the audit, `platform/refusals.ts`). */
export type InputRefusalListener = (
  req: FastifyRequest,
  def: ErrorDef,
  field: string | undefined,
) => Promise<void>;

/**
 * Errors Fastify raises before any route is chosen (a malformed URL, a bad percent-encoding, an invalid
 * content type header): the generic 400 in the envelope, instead of Fastify's own answer.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.debug({ err }, 'request refused before routing');
  void reply
    .status(400)
    .send(fail(GenericErrors.validation, undefined, serverLanguage(req.headers['accept-language'])));
}

/** HTTP 404 with code 200 "request path not found". */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(fail(GenericErrors.notFound, undefined, serverLanguage(req.headers['accept-language'])));
}
