import { ApiError } from '../../../shared/request.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * A multipart upload with progress (fetch has none): XMLHttpRequest with the caller's token. A refusal is shown as
 * its catalogue text (a toast) and rejected as an ApiError, as the request layer does.
 */
export function uploadFile<T>(
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
    const refuse = (error: ApiError) => {
      toast(translateOr(error.i18nKey, error.message));
      reject(error);
    };
    xhr.onerror = () => refuse(new ApiError('network', 0, 'request.network', 'Network error'));
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
      refuse(
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
    xhr.send(form);
  });
}
