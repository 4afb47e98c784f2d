import type { BackupRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { BACKUPS_KEY } from './backups.ts';

/**
 * Starts a backup now: POST /api2/admin/backups answers the new row (`running`); the backup goes on in the
 * background. A refusal (one already running, …) is the catalogue's, shown as a toast by the request layer.
 */
export const startBackup = (): Promise<BackupRow> =>
  request<BackupRow>({ host: 'account', method: 'POST', path: '/api2/admin/backups', body: {} });

export const useStartBackup = (config?: MutationConfig<typeof startBackup>) =>
  useRefreshingMutation(BACKUPS_KEY, startBackup, config);
