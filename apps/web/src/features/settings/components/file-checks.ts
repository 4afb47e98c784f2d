import { REPORT_FILE_MAX_BYTES } from '@archway/contract';

/**
 * The checks of product §5 made before an upload (the server checks again, by content): images jpeg, jpg or png,
 * the video mp4, each at most 20 MB. Answers the catalogue key of the refusal, or null.
 */
export function imageRefusal(file: { type: string; name: string; size: number }): string | null {
  const typeOk = ['image/jpeg', 'image/png'].includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
  if (!typeOk) return 'errors.report.reportPreviewImgStyle';
  if (file.size > REPORT_FILE_MAX_BYTES) return 'errors.report.reportPreviewImgSize';
  return null;
}

export function videoRefusal(file: { type: string; name: string; size: number }): string | null {
  if (!(file.type === 'video/mp4' || /\.mp4$/i.test(file.name)))
    return 'errors.report.reportPreviewVideoStyle';
  if (file.size > REPORT_FILE_MAX_BYTES) return 'errors.report.reportPreviewVideoSize';
  return null;
}
