import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestScope, runInScope } from './db/cancel.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request as the database's pool sees it (platform/db/cancel.ts). */
    dbScope: RequestScope | null;
  }
}

/** A request not answered within this many statement timeouts is cancelled and answers `generic.timeout`. */
export const REQUEST_TIMEOUT_FACTOR = 3;

/**
 * Bodies that are long by nature and read by the handler itself: forms with a file (multipart) and tus uploads.
 * Downloads are not cut either: the timer stops once the answer is ready (onSend), before a stream is written.
 */
const streamedBody = (req: FastifyRequest): boolean => {
  const type = req.headers['content-type'] ?? '';
  return /^\s*(multipart\/|application\/offset\+octet-stream)/i.test(type);
};

/**
 * Each request runs in a scope of its own (platform/db/cancel.ts): its statements get the statement timeout, and
 * are cancelled when
 * - the client goes away before the answer is written (the response's socket closes unfinished): abandoned, nothing
 *   is sent;
 * - the request is not answered within `REQUEST_TIMEOUT_FACTOR` statement timeouts (uploads exempt): the cancelled
 *   statement answers `generic.timeout` (error-handler.ts).
 * Once the answer is ready (onSend) the scope is over: what the request woke (jobs, mail) is not its work.
 * Register before every hook that reads the database (auth).
 */
export function registerRequestGuards(app: FastifyInstance, statementTimeoutMs: number): void {
  const timeoutMs = statementTimeoutMs * REQUEST_TIMEOUT_FACTOR;
  app.decorateRequest('dbScope', null);
  app.addHook('onRequest', (req, reply, done) => {
    const scope = new RequestScope();
    req.dbScope = scope;
    const res = reply.raw;
    let timer: NodeJS.Timeout | undefined;
    if (timeoutMs && !streamedBody(req)) {
      timer = setTimeout(() => scope.abort('timeout'), timeoutMs);
      timer.unref();
    }
    res.once('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) scope.abort('abandoned');
      scope.answered();
    });
    runInScope(scope, done);
  });
  // The body's parser ran in the socket's context: the rest of the request goes back into its scope.
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.dbScope) runInScope(req.dbScope, done);
    else done();
  });
  app.addHook('onSend', (req, _reply, payload, done) => {
    req.dbScope?.answered();
    done(null, payload);
  });
}
