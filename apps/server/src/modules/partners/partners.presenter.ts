import {
  CooperationState,
  formatExpiry,
  Privacy,
  shownField,
  type CooperationRow,
  type PartnerRelation,
  type PartnerRow,
} from '@archway/contract';
import { cooperationActions, type CooperationViewer } from './partners.access.ts';
import type { CooperationWithOther, PartnerRecord } from './partners.repository.ts';

const hidden = (privacy: number, bit: number, value: string | null) => shownField(value, privacy, bit);

/** A partner with what its privacy lets others see: bit 2 e-mail, 4 phone, 8 the address fields. */
export function presentPartner(p: PartnerRecord): PartnerRow {
  const relations: PartnerRelation[] = [];
  if (p.lendsToMe) relations.push('lendsToMe');
  if (p.lendsFromMe) relations.push('lendsFromMe');
  if (p.receivesMyScans) relations.push('receivesMyScans');
  if (p.sendsMeScans) relations.push('sendsMeScans');
  if (p.cooperation) relations.push('cooperation');
  return {
    id: p.id,
    name: p.name,
    custType: p.custType,
    contact: p.contact,
    email: hidden(p.privacy, Privacy.email, p.email),
    phone: hidden(p.privacy, Privacy.phone, p.phone),
    country: p.country,
    region: p.region,
    city: hidden(p.privacy, Privacy.other, p.city),
    street: hidden(p.privacy, Privacy.other, p.street),
    address: hidden(p.privacy, Privacy.other, p.address),
    privacy: p.privacy,
    relations,
    devicesLentToMe: p.devicesLentToMe,
    devicesLentFromMe: p.devicesLentFromMe,
  };
}

const time = (d: Date | null) => (d ? formatExpiry(d)! : null);

/** A cooperation as the viewer sees it, with what it may do (partners.access `cooperationActions`). */
export function presentCooperation(c: CooperationWithOther, viewer: CooperationViewer): CooperationRow {
  const viewerCustId = viewer.custId;
  const closed = c.state === CooperationState.closed;
  // Refused: closed by the side applied to while still an application (decided and closed at once).
  const refused =
    closed &&
    c.closedBy === c.partnerId &&
    c.decidedAt !== null &&
    c.closedAt?.getTime() === c.decidedAt.getTime();
  return {
    id: c.id,
    custId: c.applicantId === viewerCustId ? c.partnerId : c.applicantId,
    custName: c.otherName,
    custType: c.otherType,
    state: c.state,
    direction: c.applicantId === viewerCustId ? 'out' : 'in',
    createdAt: time(c.createdAt)!,
    decidedAt: time(c.decidedAt),
    closedAt: time(c.closedAt),
    closedHow: closed ? (refused ? 'refused' : 'cancelled') : null,
    closedByMe: closed ? c.closedBy === viewerCustId : null,
    actions: cooperationActions(c, viewer),
  };
}
