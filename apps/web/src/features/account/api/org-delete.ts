import { request } from '../../../shared/api-client.ts';
import { useOrgMutation, type MutationConfig } from './org-detail.ts';

/** Deletes the caller's organization (owner): DELETE /api2/cust/{id}. */
export const deleteOrganization = (id: string): Promise<{ id: string }> =>
  request<{ id: string }>({ host: 'account', method: 'DELETE', path: `/api2/cust/${id}` });

export const useDeleteOrganization = (config?: MutationConfig<typeof deleteOrganization>) =>
  useOrgMutation(deleteOrganization, config);
