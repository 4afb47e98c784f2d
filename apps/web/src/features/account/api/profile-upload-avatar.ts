import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/request.ts';
import { getToken } from '../../../shared/auth/session.ts';
import { baseUrlFor } from '../../../shared/services.ts';
import { PROFILE_KEY } from './profile-keys.ts';

/**
 * POST /api2/user/avatar (multipart field `avatar`), with upload progress (fetch has none): XMLHttpRequest with the
 * caller's token. A refusal rejects as an ApiError carrying the catalogue key; the caller shows it.
 */
export function uploadAvatar(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ avatar: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('avatar', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${baseUrlFor('account')}/api2/user/avatar`);
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
        resolve(body.data as { avatar: string });
        return;
      }
      const data = (body?.data ?? {}) as { key?: string };
      reject(
        new ApiError(
          xhr.status === 401 ? 'sessionLost' : 'refused',
          body?.errorCode ?? xhr.status,
          data.key ? `errors.${data.key}` : 'errors.generic.application',
          body?.errorMessage ?? xhr.statusText,
          xhr.status,
        ),
      );
    };
    xhr.send(form);
  });
}

export function useUploadAvatar(onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation<{ avatar: string }, Error, File>({
    mutationFn: (file) => uploadAvatar(file, onProgress),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        queryClient.invalidateQueries({ queryKey: ['currentUser'] }),
      ]);
    },
  });
}
