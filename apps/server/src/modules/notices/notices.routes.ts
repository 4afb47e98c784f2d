import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  GenericErrors,
  noticeList,
  noticeListQuery,
  noticeReadAnswer,
  noticeReadBody,
  noticeUnread,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './notices.service.ts';
import { noticeOwner, NoticesAccess } from './notices.access.ts';

const security = [{ bearer: [] }];
const tags = ['notices'];
const signedIn = { access: NoticesAccess.read, validationError: GenericErrors.validation };

/**
 * The bell and the realtime catch-up (not in the spec: Archway's paths). Every notice belongs to one person: a
 * caller only ever sees and marks their own. The socket only announces notices; a client that was disconnected
 * reads what it missed here.
 */
export const noticesRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notice/list',
      {
        config: signedIn,
        schema: {
          tags,
          security,
          summary:
            "The caller's notices, unread first, then newest first (the bell; what a client missed offline)",
          description:
            'Each notice has its kind, the case or object it names, a title key for the web app and the path of ' +
            'the screen it opens. unread: the number of unread notices.',
          querystring: noticeListQuery,
          response: { 200: envelope(noticeList) },
        },
      },
      async (req) => ok(await service.page(platform.db, noticeOwner(requireActor(req)), req.query)),
    );

    app.get(
      '/api/notice/unread',
      {
        config: signedIn,
        schema: {
          tags,
          security,
          summary: "The number of the caller's unread notices (the bell's badge)",
          response: { 200: envelope(noticeUnread) },
        },
      },
      async (req) => ok({ count: await service.unread(platform.db, noticeOwner(requireActor(req))) }),
    );

    app.put(
      '/api/notice/read',
      {
        config: signedIn,
        schema: {
          tags,
          security,
          summary: "Marks the caller's notices read: the given ids, or all of them without ids",
          description:
            "Ids that are not the caller's unread notices (another person's, unknown, already read) are skipped; " +
            'marked: how many changed, unread: how many remain.',
          body: noticeReadBody,
          response: { 200: envelope(noticeReadAnswer) },
        },
      },
      async (req) => ok(await service.read(platform.db, noticeOwner(requireActor(req)), req.body.ids)),
    );
  };
