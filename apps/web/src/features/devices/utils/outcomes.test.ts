import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/request.ts';
import { failedItems, parseLogins, refusedResults } from './outcomes.ts';

const results = [
  { item: 'distributor', code: -6, key: 'deviceUserAdd.alreadyAdded' },
  { item: 'nobody', code: -8, key: 'deviceUserAdd.addError' },
];
const refusal = (details?: Record<string, unknown>) =>
  new ApiError('refused', -3, 'errors.deviceUserAdd.allFailed', 'All failed', 400, undefined, details);

describe('outcomes of calls on several items', () => {
  it("reads each item's outcome from a refusal that carries them", () => {
    expect(refusedResults(refusal({ key: 'deviceUserAdd.allFailed', results }))).toEqual(results);
    const notFound = new ApiError('notFound', 404, 'errors.x', 'Not found', 404, undefined, {
      results: results.slice(1),
    });
    expect(refusedResults(notFound)).toEqual(results.slice(1));
  });

  it('has none for other refusals, malformed results and other errors', () => {
    expect(refusedResults(refusal())).toBeNull();
    expect(refusedResults(refusal({ key: 'x' }))).toBeNull();
    expect(refusedResults(refusal({ results: [] }))).toBeNull();
    expect(refusedResults(refusal({ results: [{ item: 1, code: 'x' }] }))).toBeNull();
    expect(refusedResults(new Error('boom'))).toBeNull();
  });

  it('picks the failed items', () => {
    expect(failedItems([{ item: 'a', code: 0, key: null }, ...results]).map((r) => r.item)).toEqual([
      'distributor',
      'nobody',
    ]);
  });

  it('splits typed or pasted usernames and e-mails, each once', () => {
    expect(parseLogins(' distributor, a@b.c;lab\nclinic  lab，张三、x ')).toEqual([
      'distributor',
      'a@b.c',
      'lab',
      'clinic',
      '张三',
      'x',
    ]);
    expect(parseLogins(' ,; ')).toEqual([]);
  });
});
