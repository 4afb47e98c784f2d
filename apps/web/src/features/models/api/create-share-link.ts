import type { ShareLinkCreated } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useModelsMutation, type MutationConfig } from './keys.ts';

/**
 * POST /api/case/report/share: a link to the case's report that works without an account; `pins` are the remarks
 * pinned to the scan that the patient may read (none: every remark stays internal).
 */
export const createShareLink = (body: {
  caseId: string;
  days: number;
  pins?: string[];
}): Promise<ShareLinkCreated> =>
  request<ShareLinkCreated>({ host: 'case', method: 'POST', path: '/api/case/report/share', body });

export const useCreateShareLink = (config?: MutationConfig<typeof createShareLink>) =>
  useModelsMutation(createShareLink, config);
