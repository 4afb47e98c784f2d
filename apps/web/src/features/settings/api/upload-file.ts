import type { ApiError } from '../../../shared/request.ts';
import { uploadForm } from '../../../shared/api/upload-form.ts';
import { translateOr } from '../../../shared/i18n/i18n.ts';
import { toast } from '../../../shared/ui/toast.ts';

/** A multipart upload with progress; a refusal is shown as its catalogue text (a toast) and rejected. */
export async function uploadFile<T>(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<T> {
  try {
    return await uploadForm<T>(path, form, onProgress);
  } catch (error) {
    const refusal = error as ApiError;
    toast(translateOr(refusal.i18nKey, refusal.message));
    throw error;
  }
}
