import type { AuditBody, CertificationRow } from '@archway/contract';
import { request } from '../../../shared/api-client.ts';
import { useRefreshingMutation, type MutationConfig } from '../../../shared/api/refreshing-mutation.ts';
import { CERTIFICATION_KEY } from './get-certification.ts';

/** Verifies (0) or refuses (2, with a reason) an organization: PUT /api2/admin/cust/{id}/audit. */
export const decideCertification = ({ id, ...body }: AuditBody & { id: string }): Promise<CertificationRow> =>
  request<CertificationRow>({ host: 'account', method: 'PUT', path: `/api2/admin/cust/${id}/audit`, body });

export const useDecideCertification = (config?: MutationConfig<typeof decideCertification>) =>
  useRefreshingMutation(CERTIFICATION_KEY, decideCertification, config);
