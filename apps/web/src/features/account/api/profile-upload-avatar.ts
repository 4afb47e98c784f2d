import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileForm, uploadForm } from '../../../shared/api/upload-form.ts';
import { PROFILE_KEY } from './profile-keys.ts';

/** POST /api2/user/avatar (multipart field `avatar`) with progress; a refusal carries its catalogue key. */
export const uploadAvatar = (file: File, onProgress?: (percent: number) => void) =>
  uploadForm<{ avatar: string }>('/api2/user/avatar', fileForm('avatar', file), onProgress);

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
