import { ApiError } from '../request.ts';
import { getToken } from '../auth/session.ts';
import { baseUrlFor } from '../services.ts';

/**
 * POSTs a multipart form with upload progress (fetch has none): XMLHttpRequest with the caller's token, to the
 * account service. Resolves with the envelope's `data`; a refusal rejects as an ApiError carrying the catalogue key
 * and the field, like the request layer (the caller shows it).
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrlFor('account')}${path}`);
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
      if (body?.success) {
        resolve(body.data as T);
        return;
      }
      const data = (body?.data ?? {}) as { key?: string; field?: string };
      reject(
        new ApiError(
          xhr.status === 401 ? 'sessionLost' : 'refused',
          body?.errorCode ?? xhr.status,
          data.key ? `errors.${data.key}` : 'errors.generic.application',
          body?.errorMessage ?? xhr.statusText,
          xhr.status,
          data.field,
        ),
      );
    };
    xhr.send(form);
  });
}

/** A form of one file under `field`. */
export function fileForm(field: string, file: File): FormData {
  const form = new FormData();
  form.append(field, file);
  return form;
}
