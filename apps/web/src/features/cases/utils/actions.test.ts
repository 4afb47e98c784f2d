import { describe, expect, it } from 'vitest';
import type { CaseAction } from '@archway/contract';
import { groupActions, isDestructive, rowActions } from './actions.ts';

const row = (actions: CaseAction[], { isPreview = false }: { isPreview?: boolean } = {}) => ({
  actions,
  isPreview,
});

describe('case row actions', () => {
  it('orders the hover trio first, adds print with detail, and leaves lab progress to the detail dialog', () => {
    expect(rowActions(row(['recycle', 'status', 'detail', 'download', 'preview']))).toEqual([
      'preview',
      'download',
      'detail',
      'print',
      'comment',
      'recycle',
    ]);
  });

  it('puts convert after detail, so that it lands under More', () => {
    expect(rowActions(row(['convert', 'recycle', 'detail', 'download', 'preview']))).toEqual([
      'preview',
      'download',
      'detail',
      'convert',
      'print',
      'comment',
      'recycle',
    ]);
  });

  it('lists preview past 90 days so the card can say why it is refused', () => {
    expect(rowActions(row(['download', 'detail', 'recycle'], { isPreview: true }))).toEqual([
      'preview',
      'download',
      'detail',
      'print',
      'comment',
      'recycle',
    ]);
    expect(rowActions(row(['download'], { isPreview: false }))).toEqual(['download']);
  });

  it('offers the bin actions on a binned row', () => {
    expect(rowActions(row(['detail', 'restore', 'purge']))).toEqual(['detail', 'restore', 'print', 'purge']);
  });

  it('shows at most three buttons, the rest under More', () => {
    expect(groupActions(['a', 'b'])).toEqual({ inline: ['a', 'b'], more: [] });
    expect(groupActions(['a', 'b', 'c'])).toEqual({ inline: ['a', 'b', 'c'], more: [] });
    expect(groupActions(['a', 'b', 'c', 'd', 'e'])).toEqual({ inline: ['a', 'b', 'c'], more: ['d', 'e'] });
    expect(groupActions([])).toEqual({ inline: [], more: [] });
  });

  it('marks what removes or stops something as destructive', () => {
    expect(['cancel', 'recycle', 'purge'].every((a) => isDestructive(a as never))).toBe(true);
    expect(['preview', 'download', 'detail', 'print', 'restore'].some((a) => isDestructive(a as never))).toBe(
      false,
    );
  });
});
