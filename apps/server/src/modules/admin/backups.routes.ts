import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupErrors, backupList, backupRow, envelope } from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Backups } from '../../platform/backup/schedule.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './backups.service.ts';

const security = [{ bearer: [] }];
const config = { access: 'admin' as const, validationError: BackupErrors.parameter };

/** The console's backups (`/manager` → Backups): the list, and a backup now. HTTP 403 code 100 for everyone else. */
export const adminBackupsRoutes =
  (platform: Platform, backups: Backups): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/admin/backups',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'The backups of BACKUP_DIR (administrators), newest first: done, running or failed, with their time, size and counts; the directory, the nightly schedule and how many are kept. Audited (console.read)',
          response: { 200: envelope(backupList) },
        },
      },
      async (req) => ok(await service.listBackups(platform, backups, requestContext(req), requireActor(req))),
    );

    app.post(
      '/api2/admin/backups',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Starts a backup now (administrators); answers its row, state running. Refused when one is running (backup.running) or the directory cannot be written (backup.notWritable). Audited (console.backup)',
          response: { 200: envelope(backupRow) },
        },
      },
      async (req) => ok(await service.startBackup(platform, backups, requestContext(req), requireActor(req))),
    );
  };
