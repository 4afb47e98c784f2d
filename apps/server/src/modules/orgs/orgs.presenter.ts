import {
  CustStatus,
  type Attachment,
  type CertificationRow,
  type Customer,
  type OrgDetail,
} from '@archway/contract';
import type { OrgRights } from './orgs.access.ts';
import type { CustomerRow, MembershipRole } from './orgs.repository.ts';

/** A customers row as `GET /api2/cust` answers it. */
export const presentCustomer = (c: CustomerRow): Customer => ({
  id: c.id,
  name: c.name,
  custType: c.custType,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  address: c.address,
  creditCode: c.creditCode,
  status: c.status,
  registTime: c.registTime.toISOString(),
  memo: c.memo,
  country: c.country,
  region: c.region,
  city: c.city,
  street: c.street,
  privacy: c.privacy,
  property: c.property,
});

/**
 * The organization as its members see it: the customer, its certification (reason of a failed audit, the licence)
 * and what the caller may do (orgs.access `orgRights`), listed as `actions`.
 */
export function presentOrgDetail(
  c: CustomerRow,
  licence: Attachment | null,
  role: MembershipRole,
  rights: OrgRights,
): OrgDetail {
  const actions: OrgDetail['actions'] = [];
  if (rights.edit) actions.push('edit');
  if (rights.resubmit) actions.push('resubmit');
  if (rights.delete) actions.push('delete');
  return {
    ...presentCustomer(c),
    auditReason: c.status === CustStatus.auditFailed ? c.auditReason : null,
    auditedAt: c.auditedAt?.toISOString() ?? null,
    licence,
    role,
    actions,
  };
}

/** A row of the administrator's certification queue. */
export const presentCertificationRow = (
  c: CustomerRow,
  licence: Attachment | null,
  createdBy: string | null,
): CertificationRow => ({
  id: c.id,
  name: c.name,
  custType: c.custType,
  contact: c.contact,
  phone: c.phone,
  email: c.email,
  creditCode: c.creditCode,
  address: c.address,
  country: c.country,
  city: c.city,
  status: c.status,
  registTime: c.registTime.toISOString(),
  // The reason of a refusal, while refused (a resubmitted organization is judged afresh).
  auditReason: c.status === CustStatus.auditFailed ? c.auditReason : null,
  auditedAt: c.auditedAt?.toISOString() ?? null,
  licence,
  createdBy,
});
