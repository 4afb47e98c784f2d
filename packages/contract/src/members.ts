import { z } from 'zod';
import { safeString, uuidParam } from './schemas.ts';

/**
 * Roles in an organization (`memberships.role`):
 * - `owner`: the organization's administrator. Invites by e-mail, confirms or refuses join requests, removes members
 *   and changes roles. An organization keeps at least one owner.
 * - `member`: works in the organization (devices, cases); sees the member list; may leave.
 */
export const MemberRoles = ['owner', 'member'] as const;
export const memberRole = z.enum(MemberRoles);
export type MemberRole = z.infer<typeof memberRole>;

/** How long an invitation link works. */
export const INVITATION_HOURS = 7 * 24;

const email = safeString(254).pipe(z.email());
const boolText = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `GET /api2/cust/user/invitation?email=&role=`: the owner invites an address (role member unless told). */
export const inviteQuery = z.object({ email, role: memberRole.default('member') });
/** An invitation as the organization's owners see it (never its token). */
export const invitationRow = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRole,
  /** pending: the link works; accepted; expired (or replaced by a newer invitation, or withdrawn). */
  state: z.enum(['pending', 'accepted', 'expired']),
  invitedBy: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  createTime: z.string(),
  expireTime: z.string(),
  acceptTime: z.string().nullable(),
});
export type InvitationRow = z.infer<typeof invitationRow>;

/** `GET /api2/cust/user/invitation/info?token=` and `POST /api2/cust/user/invitation/accept {token}`. */
export const invitationTokenQuery = z.object({ token: safeString(200).min(1) });
export const acceptInvitationBody = invitationTokenQuery;
/** What the invitation page shows before accepting. */
export const invitationInfo = z.object({
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  email: z.string(),
  role: memberRole,
  invitedBy: z.string().nullable(),
  expireTime: z.string(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;
export const acceptedInvitation = z.object({ custId: z.string(), custName: z.string(), role: memberRole });

/** `GET /api2/user/customer/join?custId=&message=`: ask to join an organization. */
export const joinQuery = z.object({ custId: uuidParam, message: safeString(200).optional() });
/** A join request: state 0 pending, 1 accepted, 2 refused. */
export const joinRequestRow = z.object({
  id: z.string(),
  custId: z.string(),
  custName: z.string(),
  userId: z.string(),
  username: z.string(),
  /** The requester's e-mail and phone, as their search settings allow (the owner decides who they are). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  state: z.number().int(),
  createTime: z.string(),
});
export type JoinRequestRow = z.infer<typeof joinRequestRow>;
/** `GET /api2/cust/user/join/confirm?id=&accept=true|false`. */
export const joinConfirmQuery = z.object({ id: uuidParam, accept: boolText });

/** `GET /api2/cust/user/list`: a member of the caller's organization. */
export const memberRow = z.object({
  userId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: memberRole,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  joinTime: z.string(),
  isSelf: z.boolean(),
  /** What the caller may do with this member (owners: remove and change role; anyone: leave, on their own row). */
  actions: z.object({ remove: z.boolean(), changeRole: z.boolean() }),
});
export type MemberRow = z.infer<typeof memberRow>;
/** `PUT /api2/cust/user/role {userId, role}` (owners). */
export const changeRoleBody = z.object({ userId: uuidParam, role: memberRole });

/** `GET /api2/cust/manageable`: the caller's organization and the organizations it is the parent of. */
export const manageableCustomer = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  status: z.number().int(),
  parentId: z.string().nullable(),
  isSelf: z.boolean(),
});

/** An organization's public details: a field its privacy hides is null (2 e-mail, 4 phone, 8 the address fields). */
export const publicCustomer = z.object({
  id: z.string(),
  name: z.string(),
  custType: z.number().int(),
  status: z.number().int(),
  contact: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  address: z.string().nullable(),
  introduction: z.string().nullable(),
  privacy: z.number().int(),
});
export type PublicCustomer = z.infer<typeof publicCustomer>;

/** `GET /api2/cust/find?key=&max=`: organizations (at most `max`, ≤ 20, default 10). */
export const custFindQuery = z.object({
  key: safeString(100),
  max: z.coerce.number().int().min(1).max(20).default(10),
});
export const custFindResult = publicCustomer.extend({
  /** The caller's relation to it: already a member, a pending join request, or none. */
  joinState: z.enum(['member', 'pending', 'none']),
});
export type CustFindResult = z.infer<typeof custFindResult>;

/** `GET /api2/user/find?key=` and `POST /user/v2/find {key}`: people by exact username, e-mail or phone. */
export const userFindQuery = z.object({ key: safeString(254) });
export const userFindBody = userFindQuery;
/** A person's public details: e-mail and phone only as their search settings allow (or to colleagues' owners). */
export const publicPerson = z.object({
  userId: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  /** Only for people who share an organization with the caller: that organization, their role and joined date. */
  custId: z.string().nullable(),
  custName: z.string().nullable(),
  role: memberRole.nullable(),
  joinTime: z.string().nullable(),
});
export type PublicPerson = z.infer<typeof publicPerson>;
export const userDetailQuery = z.object({ userId: uuidParam });

/** `GET /api2/user/customer/list`: the caller's organizations and pending join requests. */
export const myOrganization = z.object({
  custId: z.string(),
  custName: z.string(),
  custType: z.number().int(),
  status: z.number().int(),
  /** member: a membership (with its role); pending: a join request waiting for an owner. */
  state: z.enum(['member', 'pending']),
  role: memberRole.nullable(),
  /** The organization the caller's token acts for. */
  current: z.boolean(),
  time: z.string(),
});
export type MyOrganization = z.infer<typeof myOrganization>;

/** `/cust/clinic/{id}`, `/cust/factory/{id}`. */
export const custIdParams = z.object({ id: uuidParam });
