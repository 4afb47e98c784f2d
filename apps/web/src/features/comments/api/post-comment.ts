import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseComment } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { COMMENTS_KEY } from './keys.ts';

export interface NewComment {
  caseId: string;
  text: string;
  /** An image file, a pasted screenshot or the 3D preview's screenshot. */
  image?: Blob | null;
  imageName?: string;
}

/**
 * POST /api/case/comment: text alone as JSON; with an image a multipart form (caseId, text, image). Silent: the
 * thread shows the refusal (empty, unsupported image, 90 days, send failed) itself.
 */
export function postComment(input: NewComment): Promise<CaseComment> {
  if (!input.image)
    return request<CaseComment>({
      host: 'case',
      method: 'POST',
      path: '/api/case/comment',
      body: { caseId: input.caseId, text: input.text },
      silent: true,
    });
  const form = new FormData();
  form.append('caseId', input.caseId);
  form.append('text', input.text);
  form.append('image', input.image, input.imageName ?? 'image.png');
  return request<CaseComment>({
    host: 'case',
    method: 'POST',
    path: '/api/case/comment',
    body: form,
    timeout: 60_000,
    silent: true,
  });
}

export function usePostComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: () => client.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}
