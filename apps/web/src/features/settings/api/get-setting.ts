import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ColorSetting, CustSearchSetting, IntroductionSetting, MailSetting } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { SETTINGS_KEY } from './keys.ts';

export interface SettingByType {
  0: MailSetting;
  1: CustSearchSetting;
  2: IntroductionSetting;
  3: ColorSetting;
}
export type SettingType = keyof SettingByType;

/**
 * A stored setting: GET /cust/clinic/setting?type=&_t= (0 the caller's e-mail subscription, 1 the organization's
 * custom search, 2 its share introduction, 3 its colour). Silent: the panel shows emailUpdateNoSuccess in place.
 */
export const getSetting = <T extends SettingType>(type: T): Promise<SettingByType[T]> =>
  request<SettingByType[T]>({
    host: 'account',
    path: '/cust/clinic/setting',
    query: { type, _t: Date.now() },
    silent: true,
  });

export const getSettingQueryOptions = <T extends SettingType>(type: T) =>
  queryOptions({ queryKey: [...SETTINGS_KEY, 'setting', type] as const, queryFn: () => getSetting(type) });

export const useSetting = <T extends SettingType>(type: T) => useQuery(getSettingQueryOptions(type));
