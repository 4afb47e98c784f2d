import { useMutation } from '@tanstack/react-query';
import { LICENCE_MAX_MB, LICENCE_TYPES, type Attachment } from '@archway/contract';
import { ApiError } from '../../../shared/request.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';

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

/**
 * Uploads a business licence with progress (fetch has none): POST /attachment through XMLHttpRequest with the
 * token. A refusal rejects with an ApiError carrying the catalogue key (the form shows it at the field).
 */
export function uploadLicence(file: File, onProgress?: (percent: number) => void): Promise<Attachment> {
  return new Promise<Attachment>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrlFor('account')}/attachment`);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('network', 0, 'request.network', 'Network error'));
    xhr.onload = () => {
      const body = xhr.response as {
        success?: boolean;
        errorCode?: number;
        errorMessage?: string;
        data?: unknown;
      } | null;
      if (body?.success) return resolve(body.data as Attachment);
      const data = (body?.data ?? {}) as { key?: string; field?: string };
      reject(
        new ApiError(
          'refused',
          body?.errorCode ?? xhr.status,
          data.key ? `errors.${data.key}` : 'errors.generic.application',
          body?.errorMessage ?? xhr.statusText,
          xhr.status,
          data.field,
        ),
      );
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export const useUploadLicence = () =>
  useMutation<Attachment, Error, { file: File; onProgress?: (percent: number) => void }>({
    mutationFn: ({ file, onProgress }) => uploadLicence(file, onProgress),
  });
