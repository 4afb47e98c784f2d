import type { CooperationRow, PartnerRelation, PartnerRow } from '@archway/contract';

/** A tag colour per relation. */
export const RELATION_COLORS: Record<PartnerRelation, string> = {
  lendsToMe: 'blue',
  lendsFromMe: 'geekblue',
  receivesMyScans: 'green',
  sendsMeScans: 'cyan',
  cooperation: 'purple',
};

/** The address fields the partner shows, one line. */
export const addressOf = (r: Pick<PartnerRow, 'street' | 'address' | 'city' | 'region' | 'country'>) =>
  [r.address, r.street, r.city, r.region, r.country].filter((v) => v && v.trim() !== '').join(', ');

/** A cooperation's state tag: its text key and colour. */
export function cooperationState(c: Pick<CooperationRow, 'state' | 'closedHow' | 'direction'>): {
  key: string;
  color: string;
} {
  if (c.state === 0)
    return {
      key: c.direction === 'out' ? 'partners.coop.state.awaiting' : 'partners.coop.state.asked',
      color: 'orange',
    };
  if (c.state === 1) return { key: 'partners.coop.state.open', color: 'green' };
  return {
    key: c.closedHow === 'refused' ? 'partners.coop.state.refused' : 'partners.coop.state.cancelled',
    color: 'default',
  };
}
