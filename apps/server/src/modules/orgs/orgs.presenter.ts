import {
  CustStatus,
  formatExpiry,
  type MemberRole,
  type MemberRow,
  type Attachment,
  type CertificationRow,
  type Customer,
  type OrgDetail,
} from '@archway/contract';
import type { MemberRights, OrgRights } from './orgs.access.ts';
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

/** A contact field of a person: shown where they allow it, or to whom the rights give it (themselves, an owner). */
export const contact = (value: string | null, allowed: boolean, privileged: boolean) =>
  value && (allowed || privileged) ? value : null;

/** A row of the member list, with the caller's rights on it (orgs.access `memberRights`) as its `actions`. */
export const presentMember = (
  r: {
    userId: string;
    username: string;
    avatar: string | null;
    role: MemberRole;
    email: string | null;
    phone: string | null;
    searchEmail: boolean;
    searchPhone: boolean;
    joinedAt: Date;
  },
  isSelf: boolean,
  rights: MemberRights,
): MemberRow => ({
  userId: r.userId,
  username: r.username,
  avatar: r.avatar,
  role: r.role,
  email: contact(r.email, r.searchEmail, rights.contact),
  phone: contact(r.phone, r.searchPhone, rights.contact),
  joinTime: formatExpiry(r.joinedAt)!,
  isSelf,
  actions: { remove: rights.remove, changeRole: rights.changeRole },
});
