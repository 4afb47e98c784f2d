import { describe, expect, it } from 'vitest';
import { unreadByCase } from './unread-replies.tsx';

describe('unread replies per case', () => {
  it('adds up the replying organizations of a case and leaves out empty ones', () => {
    const byCase = unreadByCase({
      total: 6,
      list: [
        { caseId: 'a', sendId: 's1', count: 2 },
        { caseId: 'a', sendId: 's2', count: 3 },
        { caseId: 'b', sendId: null, count: 1 },
        { caseId: 'c', sendId: null, count: 0 },
      ],
    });
    expect([...byCase]).toEqual([
      ['a', 5],
      ['b', 1],
    ]);
    expect(unreadByCase(undefined).size).toBe(0);
  });
});
