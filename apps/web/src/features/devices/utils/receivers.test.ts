import { describe, expect, it } from 'vitest';
import type { ReceiverRow } from '@archway/contract';
import {
  automaticDeletes,
  caseTypeKey,
  mergeReceivers,
  partlyDeletable,
  receiverTypeKey,
  receiversFor,
} from './receivers.ts';

const row = (overrides: Partial<ReceiverRow>): ReceiverRow => ({
  id: 'r1',
  custId: 'clinic',
  custName: 'Demo Clinic',
  custType: 2,
  phone: null,
  email: null,
  privacy: 14,
  caseType: 1,
  siginUserId: 'me',
  allowStatus: 1,
  expireTime: '9999-12-31 23:59:59',
  showDelete: true,
  ...overrides,
});

describe('receiver rows', () => {
  it('merges rows of the same custId and collects their case types, ids and signers', () => {
    const merged = mergeReceivers([
      row({ id: 'a', caseType: 3 }),
      row({ id: 'b', custId: 'lab', custName: 'Demo Lab', custType: 3, caseType: 2 }),
      row({ id: 'c', caseType: 1, siginUserId: 'other', showDelete: false, email: 'x@y.z' }),
    ]);
    expect(merged.map((m) => m.custId)).toEqual(['clinic', 'lab']);
    expect(merged[0]).toMatchObject({
      custName: 'Demo Clinic',
      caseTypes: [1, 3],
      ids: ['a', 'c'],
      deletableIds: ['a'],
      siginUserIds: ['me', 'other'],
      showDelete: true,
      email: 'x@y.z',
      allowStatus: 1,
    });
    expect(merged[0]?.entries).toHaveLength(2);
    expect(merged[1]).toMatchObject({ caseTypes: [2], ids: ['b'] });
  });

  it('marks a merged row that can no longer receive, and filters by case type before merging', () => {
    const rows = [row({ id: 'a', caseType: 1 }), row({ id: 'b', caseType: 3, allowStatus: -1 })];
    expect(mergeReceivers(rows)[0]?.allowStatus).toBe(-1);
    expect(receiversFor(rows, 3)).toMatchObject([{ ids: ['b'], caseTypes: [3] }]);
    expect(receiversFor(rows, 2)).toEqual([]);
    expect(receiversFor(rows, null)[0]?.ids).toEqual(['a', 'b']);
  });

  it('deletes rows with allowStatus -1 by themselves: one call per organization, own rows, once', () => {
    const rows = [
      row({ id: 'a', allowStatus: -1 }),
      row({ id: 'b', allowStatus: -1, caseType: 3 }),
      row({ id: 'c', custId: 'lab', allowStatus: -1 }),
      row({ id: 'd', custId: 'lab', allowStatus: -1, siginUserId: 'other', showDelete: false }),
      row({ id: 'e', custId: 'x', allowStatus: 1 }),
    ];
    expect(automaticDeletes(rows)).toEqual([
      { custId: 'clinic', ids: ['a', 'b'] },
      { custId: 'lab', ids: ['c'] },
    ]);
    expect(automaticDeletes(rows, new Set(['a', 'b', 'c']))).toEqual([]);
  });

  it('deletes only what the server allows, and knows when some entries stay (deusererror)', () => {
    const [mine] = mergeReceivers([row({ id: 'a' })]);
    const [mixed] = mergeReceivers([
      row({ id: 'a' }),
      row({ id: 'b', siginUserId: 'other', showDelete: false }),
    ]);
    const [none] = mergeReceivers([row({ id: 'a', showDelete: false })]);
    expect(partlyDeletable(mine!)).toBe(false);
    expect(partlyDeletable(mixed!)).toBe(true);
    expect(mixed!.deletableIds).toEqual(['a']);
    expect(none!.showDelete).toBe(false);
  });

  it('labels case types and organization types', () => {
    expect([1, 2, 3, 9].map(caseTypeKey)).toEqual([
      'caseType.orthodontics',
      'caseType.implant',
      'caseType.restoration',
      'caseType.unknown',
    ]);
    expect([2, 3, 4].map(receiverTypeKey)).toEqual(['org.type.clinic', 'org.type.lab', 'org.type.other']);
  });
});
