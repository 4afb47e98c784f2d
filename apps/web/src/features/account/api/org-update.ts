import type { z } from 'zod';
import type { OrgDetail, updateOrgBody } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrgMutation, type MutationConfig } from './org-detail.ts';

export type UpdateOrgInput = z.input<typeof updateOrgBody>;

/** Edits the caller's organization (owner): PUT /api2/cust. */
export const updateOrganization = (body: UpdateOrgInput): Promise<OrgDetail> =>
  request<OrgDetail>({ host: 'account', method: 'PUT', path: '/api2/cust', body, silent: true });

export const useUpdateOrganization = (config?: MutationConfig<typeof updateOrganization>) =>
  useOrgMutation(updateOrganization, config);
