import type { PrivacyAnswer } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';

export type PrivacyBit = 2 | 4 | 8;

/**
 * DELETE /api2/cust/privacy?privacy=N removes that hide bit: the field becomes visible (calls §7.5 "param privacy
 * (hide bit)"; product §4: the switch on "removes the e-mail bit (2), then the phone bit (4)").
 */
export const showField = (bit: PrivacyBit): Promise<PrivacyAnswer> =>
  request<PrivacyAnswer>({
    host: 'account',
    method: 'DELETE',
    path: '/api2/cust/privacy',
    query: { privacy: bit },
    silent: true,
  });

/** PUT /api2/cust/privacy?privacy=N sets that hide bit: the field is hidden from others. */
export const hideField = (bit: PrivacyBit): Promise<PrivacyAnswer> =>
  request<PrivacyAnswer>({
    host: 'account',
    method: 'PUT',
    path: '/api2/cust/privacy',
    query: { privacy: bit },
    silent: true,
  });
