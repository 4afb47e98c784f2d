import { useQuery } from '@tanstack/react-query';
import type { BackupList } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type { BackupList, BackupRow } from '@archway/contract';

/** Every backups query lives under this key; starting a backup refreshes them. */
export const BACKUPS_KEY = ['backups'] as const;

/** How often the list is read again while a backup runs. */
export const BACKUPS_POLL_MS = 1500;

/** True while any listed backup is still running (the list then refreshes by itself). */
export const anyRunning = (list: BackupList | undefined): boolean =>
  !!list?.backups.some((b) => b.state === 'running');

/** The last backups, newest first, with where they go, the schedule and how many are kept: GET /api2/admin/backups. */
export const getBackups = (): Promise<BackupList> =>
  request<BackupList>({ host: 'account', path: '/api2/admin/backups' });

/** The backups list, read again every 1.5 s while one runs and no more once none does. */
export const useBackups = () =>
  useQuery({
    queryKey: [...BACKUPS_KEY, 'list'],
    queryFn: getBackups,
    refetchInterval: (query) => (anyRunning(query.state.data) ? BACKUPS_POLL_MS : false),
    retry: false,
  });
