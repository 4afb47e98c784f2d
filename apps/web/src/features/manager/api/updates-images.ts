import type { ReleaseNote, ReleaseNoteImage } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { fileForm, uploadForm } from '../../../shared/api/upload-form.ts';
import { RELEASE_NOTES_KEY } from './updates-list.ts';
import type { NoteKey } from './updates-note.ts';

const imagesPath = (key: NoteKey) =>
  `/api2/admin/updates/${key.type}/${encodeURIComponent(key.version)}/images`;

/** Adds an image to a saved note, with upload progress: POST …/images (multipart `file`). */
export const uploadReleaseNoteImage = (
  key: NoteKey,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ReleaseNoteImage> =>
  uploadForm<ReleaseNoteImage>(imagesPath(key), fileForm('file', file), onProgress);

/** Deletes an image (the note's items stop naming it): DELETE …/images/{name}. */
export const deleteReleaseNoteImage = ({ key, name }: { key: NoteKey; name: string }): Promise<ReleaseNote> =>
  request<ReleaseNote>({
    host: 'account',
    method: 'DELETE',
    path: `${imagesPath(key)}/${encodeURIComponent(name)}`,
  });

export const useDeleteReleaseNoteImage = (config?: MutationConfig<typeof deleteReleaseNoteImage>) =>
  useRefreshingMutation(RELEASE_NOTES_KEY, deleteReleaseNoteImage, config);
