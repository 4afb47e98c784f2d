import { uploadFile } from './upload-file.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** POST /cust/clinic/share/img (form: `file`); `res` is the picture's name (its attachment id). */
export const uploadShareImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return uploadFile<{ res: string; url: string }>('/cust/clinic/share/img', form);
};

export const useUploadShareImage = (config?: MutationConfig<typeof uploadShareImage>) =>
  useSettingsMutation(uploadShareImage, config);
