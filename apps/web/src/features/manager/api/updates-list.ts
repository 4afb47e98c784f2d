import { useQuery } from '@tanstack/react-query';
import type { ReleaseNoteRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

/**
 * The console's release-note queries live under ['updates', …], the root of the update dialog's queries too: every
 * change refreshes what the administrator's own dialog shows.
 */
export const RELEASE_NOTES_KEY = ['updates'] as const;

/** Every release note, by client, latest version first (administrators): GET /api2/admin/updates. */
export const getReleaseNotes = (): Promise<ReleaseNoteRow[]> =>
  request<ReleaseNoteRow[]>({ host: 'account', path: '/api2/admin/updates' });

export const useReleaseNotes = () =>
  useQuery({ queryKey: [...RELEASE_NOTES_KEY, 'console'], queryFn: getReleaseNotes, retry: false });
