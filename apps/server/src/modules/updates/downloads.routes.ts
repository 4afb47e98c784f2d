import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientDownloadErrors,
  clientDownloadList,
  clientDownloadsAnswer,
  clientDownloadsBody,
  envelope,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './downloads.service.ts';
import { UpdatesAccess } from './updates.access.ts';

const security = [{ bearer: [] }];

/**
 * The scanner software's download links (product §2 client download icon; not in the spec's calls, paths chosen
 * here), kept in platform_settings `clientDownloads` and set in /manager.
 */
export const downloadsRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/client/downloads',
      {
        config: { access: UpdatesAccess.read, validationError: ClientDownloadErrors.parameter },
        schema: {
          tags: ['updates'],
          security,
          summary:
            "The scanner client's downloads (not in the spec): [{name, platform (windows, macos, linux, other), version, url (https), note?}] in the administrator's order; [] until set. The web app hides the icon on the eu host",
          response: { 200: envelope(clientDownloadList) },
        },
      },
      async () => ok(await service.downloads(db)),
    );

    app.get(
      '/api2/admin/client/downloads',
      {
        config: { access: UpdatesAccess.edit, validationError: ClientDownloadErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary: 'The client download links and when they were last set (administrators; not in the spec)',
          response: { 200: envelope(clientDownloadsAnswer) },
        },
      },
      async () => ok(await service.readDownloads(db)),
    );

    app.put(
      '/api2/admin/client/downloads',
      {
        config: { access: UpdatesAccess.edit, validationError: ClientDownloadErrors.parameter },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Replace the client download links (administrators; not in the spec): {list: [{name, platform, version, url, note?}]}, at most 20; every url an https:// address (clientDownload.httpsOnly, field list.<n>.url). Audited',
          body: clientDownloadsBody,
          response: { 200: envelope(clientDownloadsAnswer) },
        },
      },
      async (req) =>
        ok(await service.writeDownloads(db, requestContext(req), requireActor(req), req.body.list)),
    );
  };
