import type { SettingBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** Writes one setting: POST /cust/clinic/setting `{type, …}`; answers `{res: 0}`, refusals carry their res. */
export const saveSetting = (body: SettingBody): Promise<{ res: 0 }> =>
  request<{ res: 0 }>({ host: 'account', method: 'POST', path: '/cust/clinic/setting', body, silent: true });

export const useSaveSetting = (config?: MutationConfig<typeof saveSetting>) =>
  useSettingsMutation(saveSetting, config);
