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

type Entry = ReceiverRow['entries'][number];
const entry = (overrides: Partial<Entry>): Entry => ({
  id: 'r1',
  caseType: 1,
  siginUserId: 'me',
  allowStatus: 1,
  expireTime: '9999/12/31 23:59:59',
  showDelete: true,
  ...overrides,
});
/** A server row (one per organization, calls §3): the organization's fields and its entries. */
const row = (overrides: Partial<ReceiverRow>, entries: Partial<Entry>[]): ReceiverRow => {
  const all = entries.map(entry);
  return {
    id: all[0]!.id,
    custId: 'clinic',
    custName: 'Demo Clinic',
    custType: 2,
    phone: null,
    email: null,
    privacy: 14,
    caseType: [...new Set(all.map((e) => e.caseType))].sort(),
    siginUserId: all[0]!.siginUserId,
    allowStatus: Math.min(...all.map((e) => e.allowStatus)),
    expireTime: all[0]!.expireTime,
    showDelete: all.some((e) => e.showDelete),
    entries: all,
    ...overrides,
  };
};

describe('receiver rows', () => {
  it("shows the server's rows per organization, with their entries' case types, ids and signers", () => {
    const merged = mergeReceivers([
      row({ email: 'x@y.z' }, [
        { id: 'a', caseType: 3 },
        { id: 'c', caseType: 1, siginUserId: 'other', showDelete: false },
      ]),
      row({ custId: 'lab', custName: 'Demo Lab', custType: 3 }, [{ id: 'b', caseType: 2 }]),
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

  it('marks a row that can no longer receive, and filters entries by case type', () => {
    const rows = [
      row({}, [
        { id: 'a', caseType: 1 },
        { id: 'b', caseType: 3, allowStatus: -1 },
      ]),
    ];
    expect(mergeReceivers(rows)[0]?.allowStatus).toBe(-1);
    expect(receiversFor(rows, 3)).toMatchObject([{ ids: ['b'], caseTypes: [3], allowStatus: -1 }]);
    expect(receiversFor(rows, 1)).toMatchObject([{ ids: ['a'], caseTypes: [1], allowStatus: 1 }]);
    expect(receiversFor(rows, 2)).toEqual([]);
    expect(receiversFor(rows, null)[0]?.ids).toEqual(['a', 'b']);
  });

  it('deletes entries with allowStatus -1 by themselves: one call per organization, own entries, once', () => {
    const rows = [
      row({}, [
        { id: 'a', allowStatus: -1 },
        { id: 'b', allowStatus: -1, caseType: 3 },
      ]),
      row({ custId: 'lab' }, [
        { id: 'c', allowStatus: -1 },
        { id: 'd', allowStatus: -1, caseType: 2, siginUserId: 'other', showDelete: false },
      ]),
      row({ custId: 'x' }, [{ id: 'e', allowStatus: 1 }]),
    ];
    expect(automaticDeletes(rows)).toEqual([
      { custId: 'clinic', ids: ['a', 'b'] },
      { custId: 'lab', ids: ['c'] },
    ]);
    expect(automaticDeletes(rows, new Set(['a', 'b', 'c']))).toEqual([]);
  });

  it('deletes only what the server allows, and knows when some entries stay (deusererror)', () => {
    const [mine] = mergeReceivers([row({}, [{ id: 'a' }])]);
    const [mixed] = mergeReceivers([
      row({}, [{ id: 'a' }, { id: 'b', caseType: 2, siginUserId: 'other', showDelete: false }]),
    ]);
    const [none] = mergeReceivers([row({}, [{ id: 'a', showDelete: false }])]);
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
