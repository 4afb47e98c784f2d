import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api-client.ts';
import { CASES_KEY } from './keys.ts';

export interface PreviewStatus {
  id: string;
  /** The scan files the viewer loads; `url` is a path on the case-file service. */
  files: { id: string; name: string; size: number; format: string; url: string }[];
}

/**
 * GET /api/case/previewStatus?id=: whether the caller may open the case's 3D preview, and its scan files. Refused
 * past 90 days (`case.previewExpired`), for an encrypted case (`case.encryptedNoConversion`) and for a receiver
 * without certification (`case.certificationRequired`). Silent: the viewer shows the refusal in its place.
 */
export const getPreviewStatus = (id: string): Promise<PreviewStatus> =>
  request<PreviewStatus>({ host: 'case', path: '/api/case/previewStatus', query: { id }, silent: true });

export const getPreviewStatusQueryKey = (id: string) => [...CASES_KEY, 'preview', id] as const;

export const usePreviewStatus = (id: string) =>
  useQuery({
    queryKey: getPreviewStatusQueryKey(id),
    queryFn: () => getPreviewStatus(id),
    // A refusal is an answer, not a hiccup; the file addresses stay valid while the dialog is open.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
