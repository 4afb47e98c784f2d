import type { z } from 'zod';
import type { createOrgBody, OrgDetail } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useOrgMutation, type MutationConfig } from './org-detail.ts';

export type CreateOrgInput = z.input<typeof createOrgBody>;

/** Creates the caller's organization (under review; the caller its owner): POST /api2/cust. */
export const createOrganization = (body: CreateOrgInput): Promise<OrgDetail> =>
  request<OrgDetail>({ host: 'account', method: 'POST', path: '/api2/cust', body, silent: true });

export const useCreateOrganization = (config?: MutationConfig<typeof createOrganization>) =>
  useOrgMutation(createOrganization, config);
