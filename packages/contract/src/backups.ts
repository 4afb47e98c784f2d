import { z } from 'zod';

/**
 * Backups in the administrator's console (`/manager` → Backups): `GET /api2/admin/backups` lists the last backups,
 * newest first; `POST /api2/admin/backups` starts one now (it runs in the background; the list shows it `running`).
 * The same backups are written by `npm run backup` and, on the embedded database, by the nightly schedule
 * (BACKUP_SCHEDULE, BACKUP_KEEP, BACKUP_DIR in the README). A backup is a folder `archway-backup-<time>` with a
 * `manifest.json`; only a folder whose manifest was written last and checks out counts as `done`.
 */
export const BackupStates = ['running', 'done', 'failed'] as const;
export type BackupState = (typeof BackupStates)[number];

/** Who started it: the nightly schedule, an administrator in the console, or `npm run backup`. */
export const BackupTriggers = ['schedule', 'console', 'command'] as const;
export type BackupTrigger = (typeof BackupTriggers)[number];

export const backupRow = z.object({
  /** The folder's name, e.g. `archway-backup-20261202T030000Z`. */
  name: z.string(),
  state: z.enum(BackupStates),
  trigger: z.enum(BackupTriggers),
  /** ISO instants. */
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Bytes on disk (database and files), null while running. */
  sizeBytes: z.number().nullable(),
  /** Database rows and stored files in it, null while running. */
  rows: z.number().nullable(),
  files: z.number().nullable(),
  /** Why a failed backup failed (plain text, for the administrator). */
  error: z.string().nullable(),
});
export type BackupRow = z.infer<typeof backupRow>;

export const backupList = z.object({
  backups: z.array(backupRow),
  /** Where backups are written (BACKUP_DIR or DATA_DIR/backups). */
  directory: z.string(),
  /** The nightly schedule: the UTC time `HH:MM`, or null when off (external database without BACKUP_SCHEDULE). */
  schedule: z.string().nullable(),
  /** How many done backups are kept; older ones are deleted after a new one is done. */
  keep: z.number(),
});
export type BackupList = z.infer<typeof backupList>;
