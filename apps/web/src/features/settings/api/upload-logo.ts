import { uploadFile } from './upload-file.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

export interface LogoUpload {
  type: 0 | 1;
  file: File;
}

/** POST /user/add/logo (form: `logo`, `type` 0 logo or 1 background); the new file replaces the old one. */
export const uploadLogo = ({ type, file }: LogoUpload) => {
  const form = new FormData();
  form.append('type', String(type));
  form.append('logo', file);
  return uploadFile<{ type: number; id: string; url: string }>('/user/add/logo', form);
};

export const useUploadLogo = (config?: MutationConfig<typeof uploadLogo>) =>
  useSettingsMutation(uploadLogo, config);
