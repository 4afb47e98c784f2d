import { request } from '../../../shared/api-client.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** DELETE /user/delete/logo?type= (0 logo, 1 background). */
export const deleteLogo = (type: 0 | 1): Promise<unknown> =>
  request<unknown>({ host: 'account', method: 'DELETE', path: '/user/delete/logo', query: { type } });

export const useDeleteLogo = (config?: MutationConfig<typeof deleteLogo>) =>
  useSettingsMutation(deleteLogo, config);
