import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GenericErrors, serverLanguage, type ErrorDef } from '@archway/contract';
import { AppError } from './errors.ts';
import { fail } from './envelope.ts';

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's own "parameter error" code, used instead of the generic 400 for invalid input. */
    validationError?: ErrorDef;
  }
}

/** Maps every error to the catalogue envelope. Internals never leave the process. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = serverLanguage(req.headers['accept-language']);
    if (err instanceof AppError) {
      return reply.status(err.def.status).send(fail(err.def, err.field, lang, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const where = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const field = [err.validationContext, where].filter(Boolean).join('.') || undefined;
      return reply
        .status(400)
        .send(fail(req.routeOptions.config?.validationError ?? GenericErrors.validation, field, lang));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large …: the caller's fault, said plainly.
      const def = status === 404 ? GenericErrors.notFound : GenericErrors.validation;
      return reply
        .status(status === 404 ? 404 : 400)
        .send(fail(def, status === 413 ? 'body' : undefined, lang));
    }
    const def = isDatabaseError(err) ? GenericErrors.database : GenericErrors.application;
    req.log.error({ err, reqId: req.id }, 'request failed');
    return reply.status(500).send(fail(def, undefined, lang));
  });
}

/** HTTP 404 with code 200 "request path not found". */
export function sendNotFound(req: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(fail(GenericErrors.notFound, undefined, serverLanguage(req.headers['accept-language'])));
}
