import { useQuery } from '@tanstack/react-query';
import type { ReleaseNote, ReleaseNoteBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { RELEASE_NOTES_KEY } from './updates-list.ts';

export interface NoteKey {
  type: number;
  version: string;
}
const notePath = (key: NoteKey) => `/api2/admin/updates/${key.type}/${encodeURIComponent(key.version)}`;

/** One release note with its texts and images (administrators): GET /api2/admin/updates/{type}/{version}. */
export const getReleaseNote = (key: NoteKey): Promise<ReleaseNote> =>
  request<ReleaseNote>({ host: 'account', path: notePath(key), silent: true });

export const useReleaseNote = (key: NoteKey | null) =>
  useQuery({
    queryKey: [...RELEASE_NOTES_KEY, 'console', 'note', key?.type, key?.version],
    queryFn: () => getReleaseNote(key!),
    enabled: !!key,
    retry: false,
  });

/**
 * Writes a new note (`key` null: POST /api2/admin/updates) or replaces one (PUT …/{type}/{version}, which may move
 * it to the body's type and version). Refusals are shown by the dialog.
 */
export const saveReleaseNote = ({
  key,
  body,
}: {
  key: NoteKey | null;
  body: ReleaseNoteBody;
}): Promise<ReleaseNote> =>
  request<ReleaseNote>({
    host: 'account',
    method: key ? 'PUT' : 'POST',
    path: key ? notePath(key) : '/api2/admin/updates',
    body,
    silent: true,
    timeout: 15_000,
  });

export const useSaveReleaseNote = (config?: MutationConfig<typeof saveReleaseNote>) =>
  useRefreshingMutation(RELEASE_NOTES_KEY, saveReleaseNote, config);

/** Deletes a note and its images: DELETE /api2/admin/updates/{type}/{version}. */
export const deleteReleaseNote = (key: NoteKey): Promise<null> =>
  request<null>({ host: 'account', method: 'DELETE', path: notePath(key) });

export const useDeleteReleaseNote = (config?: MutationConfig<typeof deleteReleaseNote>) =>
  useRefreshingMutation(RELEASE_NOTES_KEY, deleteReleaseNote, config);
