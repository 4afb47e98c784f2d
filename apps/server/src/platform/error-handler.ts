import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GenericErrors, serverLanguage, type ErrorDef } from '@archway/contract';
import { AppError } from './errors.ts';
import { fail } from './envelope.ts';
import { BadInputError } from './input-guard.ts';
import { QUERY_CANCELED, RequestAborted } from './db/cancel.ts';

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

/**
 * At most this much of a refused request's unread body is read and thrown away (never kept) before the answer, so that
 * a kept-alive connection stays usable; more than any form or JSON body Archway accepts (20 MB file and its fields).
 */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
/** …and for at most this long; past either bound the answer carries `Connection: close` and the connection ends. */
export const DRAIN_MAX_MS = 30_000;

/**
 * A refusal can come before the request's body was read: Fastify's body limit, or a form given up half way
 * (`platform/multipart.ts`: too many files or fields). Left unread, the body stalls a kept-alive connection (the next
 * request behind it is never parsed). So the rest is read and thrown away, within DRAIN_MAX_BYTES and DRAIN_MAX_MS,
 * and the connection stays open; a body declared larger, or one past a bound, is not waited for: the answer says
 * `Connection: close` and the connection is closed once it is written.
 */
async function settleUnreadBody(
  req: FastifyRequest,
  reply: FastifyReply,
  parserFailed: boolean,
): Promise<void> {
  const raw = req.raw;
  if (raw.destroyed) return;
  // Fastify asks for a close after a body parser's error; once the whole body is read, the connection is in step.
  const keepAlive = () => {
    if (parserFailed) reply.removeHeader('connection');
  };
  if (raw.readableEnded || (raw.complete && raw.readableLength === 0)) {
    raw.resume(); // nothing left on the wire: let the stream end
    return keepAlive();
  }
  if (Number(req.headers['content-length']) > DRAIN_MAX_BYTES) {
    raw.unpipe();
    reply.header('connection', 'close');
    return;
  }
  raw.unpipe(); // whoever read it (a form's parser) has given up
  const drained = await new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', count);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
  if (drained) keepAlive();
  else reply.header('connection', 'close');
}

/** The call's own "parameter error" where its table has one, else the generic 400. */
const parameterError = (req: FastifyRequest): ErrorDef =>
  req.routeOptions?.config?.validationError ?? GenericErrors.validation;

/**
 * Maps every error to the catalogue envelope. Internals never leave the process: the answer is only ever
 * `{success, errorCode, errorMessage, data: {key, field?, results?}}`, never a message or a stack of an error.
 * - AppError → its catalogue entry;
 * - invalid input (zod, BadInputError: deep JSON, NUL bytes, lone surrogates) → HTTP 400, the call's parameter code;
 * - a body over the limit → HTTP 413 "request too large" (generic 413);
 * - any other 4xx Fastify raises (malformed JSON, wrong content type …) → HTTP 400, the call's parameter code (a 429
 *   stays "too many attempts");
 * - a body left unread by the refusal is read and thrown away first, within bounds (settleUnreadBody);
 * - a cancelled statement (SQLSTATE 57014: the statement timeout, or its request abandoned or timed out) → HTTP 503
 *   `generic.timeout`;
 * - a database failure → 500 code 310; anything else → 500 code 300, logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance, onRefused?: InputRefusalListener): void {
  app.setErrorHandler(async (err: FastifyError | AppError | BadInputError, req, reply) => {
    await settleUnreadBody(req, reply, (err as FastifyError).code?.startsWith('FST_ERR_CTP') ?? false);
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
      // A statement cut by the statement timeout, cancelled with its request (timed out, or abandoned by the client:
      // then the answer goes nowhere), or never run for it (platform/db/cancel.ts): try again, nothing was changed.
      if (err instanceof RequestAborted || sqlState(err) === QUERY_CANCELED) {
        if (req.dbScope?.aborted === 'abandoned')
          req.log.debug({ reqId: req.id }, 'request abandoned by the client: its statement was cancelled');
        else req.log.warn({ err, reqId: req.id }, 'request timed out: its statement was cancelled');
        const def = GenericErrors.timeout;
        return reply.status(def.status).send(fail(def, undefined, lang));
      }
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
      // Malformed JSON, wrong content type …: the caller's fault, said plainly.
      else
        field = status === 413 || (err as FastifyError).code?.startsWith('FST_ERR_CTP') ? 'body' : undefined;
    }
    // A body over the limit is said as such (HTTP 413), whatever the call: no parameter of it was even read.
    const def =
      (err as FastifyError).statusCode === 413 ? GenericErrors.requestTooLarge : parameterError(req);
    await onRefused?.(req, def, field);
    return reply.status(def.status).send(fail(def, field, lang, detailsFor(req, def)));
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
