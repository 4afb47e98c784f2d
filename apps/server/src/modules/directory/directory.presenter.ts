import { Privacy, formatExpiry, shownField, type PublicCustomer, type PublicPerson } from '@archway/contract';
import type { ContactRight, PersonView } from './directory.access.ts';
import type { CustomerRow, PersonRow } from './directory.repository.ts';

/**
 * An organization's public details. `all` (its own members, directory.access `seesAllOf`) sees everything; others
 * get null for what the privacy mask hides: bit 2 the e-mail, 4 the phone, 8 the address fields (address, city,
 * street; country and region stay).
 */
export function presentPublicCustomer(c: CustomerRow, all: boolean): PublicCustomer {
  const p = c.privacy;
  const hidden = (value: string | null, bit: number) => shownField(value, p, bit, all);
  return {
    id: c.id,
    name: c.name,
    custType: c.custType,
    status: c.status,
    contact: c.contact,
    email: hidden(c.email, Privacy.email),
    phone: hidden(c.phone, Privacy.phone),
    country: c.country,
    region: c.region,
    city: hidden(c.city, Privacy.other),
    street: hidden(c.street, Privacy.other),
    address: hidden(c.address, Privacy.other),
    introduction: c.introduction,
    privacy: p,
  };
}

/** A contact field as the viewer's right on it (directory.access `contactRight`) and the person's setting allow. */
const shown = (value: string | null, right: ContactRight, setting: boolean) =>
  value && (right === 'always' || (right === 'whereAllowed' && setting)) ? value : null;

/**
 * A person's public details as one viewer sees them (directory.access `personViewsOf`): e-mail and phone by the
 * viewer's contact right; the organization they share with the viewer, with the person's role and joined date.
 */
export const presentPerson = (u: PersonRow, view: PersonView): PublicPerson => ({
  userId: u.id,
  username: u.username,
  avatar: u.avatar,
  email: shown(u.email, view.contact, u.searchEmail),
  phone: shown(u.phone, view.contact, u.searchPhone),
  country: u.country,
  region: u.region,
  custId: view.shared?.custId ?? null,
  custName: view.shared?.custName ?? null,
  role: view.shared?.role ?? null,
  joinTime: view.shared ? formatExpiry(view.shared.joinedAt) : null,
});
