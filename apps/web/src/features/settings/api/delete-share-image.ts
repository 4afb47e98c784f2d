import { request } from '../../../shared/api-client.ts';
import { useSettingsMutation, type MutationConfig } from './keys.ts';

/** DELETE /cust/clinic/delete/img?name= (the picture's name, its attachment id). */
export const deleteShareImage = (name: string): Promise<unknown> =>
  request<unknown>({ host: 'account', method: 'DELETE', path: '/cust/clinic/delete/img', query: { name } });

export const useDeleteShareImage = (config?: MutationConfig<typeof deleteShareImage>) =>
  useSettingsMutation(deleteShareImage, config);
