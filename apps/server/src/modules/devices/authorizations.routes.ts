import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthoriseErrors,
  authorizationRow,
  authorizeBody,
  batchAuthTimeBody,
  batchResult,
  editAuthBody,
  envelope,
  ExtendErrors,
  recallAuthBody,
  RecycleErrors,
  uuidParam,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import { scopeOf } from './devices.scope.ts';
import { done, security, tags } from './devices.http.ts';
import * as auths from './authorizations.service.ts';

/** Lending: authorize, detail, change time, recall, bulk extension (authorizations.service.ts). */
export const authorizationsRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api2/device/scan/auth',
      {
        config: { access: 'member', validationError: AuthoriseErrors.parameter },
        schema: {
          tags,
          security,
          summary:
            'Authorize (lend) to organizations until expireTime; a recalled or expired authorization is restored',
          body: authorizeBody,
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await auths.authorize(scopeOf(db, req), req.body)),
    );

    app.get(
      '/api2/device/scan/auth/:id',
      {
        config: { access: 'member', validationError: ExtendErrors.notFound },
        schema: {
          tags,
          security,
          summary: 'Authorization detail (to the organization that granted or holds it)',
          params: z.object({ id: uuidParam }),
          response: { 200: envelope(authorizationRow) },
        },
      },
      async (req) => ok(await auths.authDetail(scopeOf(db, req), req.params.id)),
    );

    app.put(
      '/api2/device/scan/auth',
      {
        config: { access: 'member', validationError: ExtendErrors.numberError },
        schema: {
          tags,
          security,
          summary: 'Change the end of an authorization (the only change the authorizer may make)',
          body: editAuthBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await auths.editAuth(scopeOf(db, req), req.body)),
    );

    app.delete(
      '/api2/device/scan/auth',
      {
        config: { access: 'member', validationError: RecycleErrors.error },
        schema: {
          tags,
          security,
          summary:
            "Recall (recycle) an authorization; the borrower's device users and receivers end with it; authorizing again restores it",
          body: recallAuthBody,
          response: { 200: done },
        },
      },
      async (req) => ok(await auths.recall(scopeOf(db, req), req.body)),
    );

    app.post(
      '/api2/device/scan/batchAuthTime',
      {
        config: { access: 'member', validationError: ExtendErrors.failed },
        schema: {
          tags,
          security,
          summary: 'Bulk extension of authorizations',
          body: batchAuthTimeBody,
          response: { 200: envelope(batchResult) },
        },
      },
      async (req) => ok(await auths.batchAuthTime(scopeOf(db, req), req.body)),
    );
  };
