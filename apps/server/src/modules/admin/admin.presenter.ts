import type {
  Attachment,
  ConsoleAdminRow,
  ConsoleOrgDetail,
  ConsoleOrgMember,
  ConsoleOrgRow,
  ConsoleUserDetail,
  ConsoleUserRow,
} from '@archway/contract';
import type { ConsoleCustomerRow } from './admin-orgs.repository.ts';
import type { ConsoleUserRecord } from './admin-users.repository.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A row of the console's organization search. */
export const presentConsoleOrg = (r: {
  customer: ConsoleCustomerRow;
  members: number;
  devices: number;
}): ConsoleOrgRow => ({
  id: r.customer.id,
  name: r.customer.name,
  custType: r.customer.custType,
  status: r.customer.status,
  disabled: r.customer.disabledAt !== null,
  disabledAt: iso(r.customer.disabledAt),
  email: r.customer.email,
  phone: r.customer.phone,
  creditCode: r.customer.creditCode,
  members: Number(r.members),
  devices: Number(r.devices),
  registTime: r.customer.registTime.toISOString(),
});

/** One organization as the console shows it. */
export function presentConsoleOrgDetail(
  r: { customer: ConsoleCustomerRow; members: number; devices: number },
  extra: {
    licence: Attachment | null;
    cases: number;
    disabledReason: string | null;
    members: {
      userId: string;
      username: string;
      email: string | null;
      role: 'owner' | 'member';
      disabled: boolean;
      joinedAt: Date;
    }[];
  },
): ConsoleOrgDetail {
  const c = r.customer;
  return {
    ...presentConsoleOrg(r),
    contact: c.contact,
    address: c.address,
    country: c.country,
    region: c.region,
    city: c.city,
    street: c.street,
    memo: c.memo,
    timeZone: c.timeZone,
    auditReason: c.auditReason,
    auditedAt: iso(c.auditedAt),
    licence: extra.licence,
    cases: extra.cases,
    pages: { order: c.pageOrder, compare: c.pageCompare, builder: c.pageBuilder },
    disabledReason: c.disabledAt ? extra.disabledReason : null,
    memberList: extra.members.map((m): ConsoleOrgMember => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
  };
}

type OrgOfUser = { id: string; name: string; role: 'owner' | 'member'; disabledAt: Date | null };

/** A row of the console's people search. */
export const presentConsoleUser = (
  u: ConsoleUserRecord,
  orgs: readonly OrgOfUser[],
  lastSignIn: Date | undefined,
): ConsoleUserRow => ({
  id: u.id,
  username: u.username,
  email: u.email,
  phone: u.phone,
  orgs: orgs.map((o) => ({ id: o.id, name: o.name, role: o.role, disabled: o.disabledAt !== null })),
  isAdmin: u.isAdmin,
  disabled: u.disabled,
  passwordResetRequired: u.passwordResetRequired,
  createdAt: u.createdAt.toISOString(),
  lastSignIn: iso(lastSignIn),
});

/** One account as the console shows it. */
export const presentConsoleUserDetail = (
  u: ConsoleUserRecord,
  orgs: readonly OrgOfUser[],
  lastSignIn: Date | undefined,
): ConsoleUserDetail => ({
  ...presentConsoleUser(u, orgs, lastSignIn),
  language: u.language,
  country: u.country,
  region: u.region,
  city: u.city,
  emailConfirmed: u.emailConfirmed === '1',
  phoneConfirmed: u.phoneConfirmed === '1',
  sessionsValidFrom: iso(u.sessionsValidFrom),
});

/** A row of the administrators' list. */
export const presentConsoleAdmin = (u: ConsoleUserRecord, lastSignIn: Date | undefined): ConsoleAdminRow => ({
  id: u.id,
  username: u.username,
  email: u.email,
  disabled: u.disabled,
  createdAt: u.createdAt.toISOString(),
  lastSignIn: iso(lastSignIn),
});
