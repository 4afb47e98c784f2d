import { useMutation } from '@tanstack/react-query';
import { LICENCE_MAX_MB, LICENCE_TYPES, type Attachment } from '@archway/contract';
import { fileForm, uploadForm } from '../../../shared/api/upload-form.ts';

/** What the file picker offers; the server decides by the content. */
export const LICENCE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** A client-side hint before sending: the extension and the size (the server checks the content). */
export function licenceHint(file: File): 'type' | 'size' | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const known = [...LICENCE_TYPES, 'jpeg'] as string[];
  if (!known.includes(ext)) return 'type';
  if (file.size > LICENCE_MAX_MB * 1024 * 1024) return 'size';
  return null;
}

/** Uploads a business licence (POST /attachment, field `file`) with progress; a refusal carries its catalogue key. */
export const uploadLicence = (file: File, onProgress?: (percent: number) => void) =>
  uploadForm<Attachment>('/attachment', fileForm('file', file), onProgress);

export const useUploadLicence = () =>
  useMutation<Attachment, Error, { file: File; onProgress?: (percent: number) => void }>({
    mutationFn: ({ file, onProgress }) => uploadLicence(file, onProgress),
  });
