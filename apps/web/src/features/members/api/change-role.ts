import type { z } from 'zod';
import type { changeRoleBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useMembersMutation, type MutationConfig } from './keys.ts';

export type ChangeRoleBody = z.input<typeof changeRoleBody>;

/** Changes a member's role (owners): PUT /api2/cust/user/role. */
export const changeRole = (body: ChangeRoleBody): Promise<ChangeRoleBody> =>
  request<ChangeRoleBody>({ host: 'account', method: 'PUT', path: '/api2/cust/user/role', body });

export const useChangeRole = (config?: MutationConfig<typeof changeRole>) =>
  useMembersMutation(changeRole, config);
