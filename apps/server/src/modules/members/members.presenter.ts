import { formatExpiry, type MemberRole, type MemberRow } from '@archway/contract';
import type { MemberRights } from './members.access.ts';

/** A contact field of a person: shown where they allow it, or to whom the rights give it (themselves, an owner). */
export const contact = (value: string | null, allowed: boolean, privileged: boolean) =>
  value && (allowed || privileged) ? value : null;

/** A row of the member list, with the caller's rights on it (members.access `memberRights`) as its `actions`. */
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
