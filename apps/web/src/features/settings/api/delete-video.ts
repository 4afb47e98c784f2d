import { request } from '../../../shared/api-client.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** DELETE /cust/clinic/video: removes the share video (a new one may then be uploaded). */
export const deleteVideo = (): Promise<unknown> =>
  request<unknown>({ host: 'account', method: 'DELETE', path: '/cust/clinic/video' });

export const useDeleteVideo = (config?: MutationConfig<typeof deleteVideo>) =>
  useSettingsMutation(deleteVideo, config);
