import type { UserSearchSetting } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** POST /user/check/setting `{emailNotice, phoneNotice, nameNotice}`; answers `{res: 0}`. */
export const saveUserSearch = (body: UserSearchSetting): Promise<{ res: 0 }> =>
  request<{ res: 0 }>({ host: 'account', method: 'POST', path: '/user/check/setting', body, silent: true });

export const useSaveUserSearch = (config?: MutationConfig<typeof saveUserSearch>) =>
  useSettingsMutation(saveUserSearch, config);
