import { BackupErrors, type BackupList, type BackupRow } from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import { BackupRefusal } from '../../platform/backup/backup.ts';
import type { Backups } from '../../platform/backup/schedule.ts';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors.ts';

const by = (actor: Actor) => ({ actorUserId: actor.userId, actorCustId: actor.custId });

/** `GET /api2/admin/backups`: the backups of BACKUP_DIR, newest first, and the schedule (audited `console.read`). */
export async function listBackups(
  platform: Platform,
  backups: Backups,
  ctx: RequestContext,
  actor: Actor,
): Promise<BackupList> {
  const list = await backups.list();
  await audit(platform.db, ctx, {
    ...by(actor),
    action: 'console.read',
    objectType: 'backup',
    outcome: 'allowed',
    detail: { found: list.backups.length },
  });
  return list;
}

/**
 * `POST /api2/admin/backups`: starts a backup now; it goes on in the background (the list shows it running). A
 * backup already running, or a directory that cannot be written, is refused (and the refusal audited).
 */
export async function startBackup(
  platform: Platform,
  backups: Backups,
  ctx: RequestContext,
  actor: Actor,
): Promise<BackupRow> {
  return auditedTransaction(
    platform.db,
    ctx,
    { actor, action: 'console.backup', objectType: 'backup', objectId: null },
    async (tx) => {
      let row: BackupRow;
      try {
        row = await backups.start('console');
      } catch (err) {
        if (err instanceof BackupRefusal) throw new AppError(BackupErrors[err.reason]);
        throw err;
      }
      await audit(tx, ctx, {
        ...by(actor),
        action: 'console.backup',
        objectType: 'backup',
        objectId: row.name,
        outcome: 'allowed',
      });
      return row;
    },
  );
}
