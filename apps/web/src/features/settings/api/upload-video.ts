import { uploadFile } from './upload-file.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

export interface VideoUpload {
  file: File;
  onProgress: (percent: number) => void;
}

/** POST /cust/clinic/video (form: `video`, mp4 of at most 20 MB), with upload progress. */
export const uploadVideo = ({ file, onProgress }: VideoUpload) => {
  const form = new FormData();
  form.append('video', file);
  return uploadFile<{ id: string; size: number; url: string }>('/cust/clinic/video', form, onProgress);
};

export const useUploadVideo = (config?: MutationConfig<typeof uploadVideo>) =>
  useSettingsMutation(uploadVideo, config);
