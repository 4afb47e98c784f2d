import { describe, expect, it } from 'vitest';
import { addressOf, cooperationState } from './partners.ts';

describe('partners utils', () => {
  it('names a cooperation state by who must answer, and how it closed', () => {
    expect(cooperationState({ state: 0, direction: 'out', closedHow: null })).toEqual({
      key: 'partners.coop.state.awaiting',
      color: 'orange',
    });
    expect(cooperationState({ state: 0, direction: 'in', closedHow: null }).key).toBe(
      'partners.coop.state.asked',
    );
    expect(cooperationState({ state: 1, direction: 'in', closedHow: null }).key).toBe(
      'partners.coop.state.open',
    );
    expect(cooperationState({ state: 2, direction: 'out', closedHow: 'refused' }).key).toBe(
      'partners.coop.state.refused',
    );
    expect(cooperationState({ state: 2, direction: 'out', closedHow: 'cancelled' }).key).toBe(
      'partners.coop.state.cancelled',
    );
  });

  it('joins the address fields a partner shows, skipping hidden and empty ones', () => {
    expect(
      addressOf({ address: '1 Main St', street: null, city: 'Springfield', region: ' ', country: 'US' }),
    ).toBe('1 Main St, Springfield, US');
    expect(addressOf({ address: null, street: null, city: null, region: null, country: null })).toBe('');
  });
});
