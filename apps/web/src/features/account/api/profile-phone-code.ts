import { request } from '../../../shared/api-client.ts';
import { useProfileMutation, type ProfileMutationConfig } from './profile-keys.ts';

export type PhoneCodeSent = { resendAfter: number; expiresIn: number };

/** A six-digit code by text message: POST /api2/user/phone/code. Silent: the dialog shows refusals. */
export const sendPhoneCode = (phone: string): Promise<PhoneCodeSent> =>
  request<PhoneCodeSent>({
    host: 'account',
    method: 'POST',
    path: '/api2/user/phone/code',
    body: { phone },
    silent: true,
  });

export const useSendPhoneCode = (config?: ProfileMutationConfig<string, PhoneCodeSent>) =>
  useProfileMutation(sendPhoneCode, config);
