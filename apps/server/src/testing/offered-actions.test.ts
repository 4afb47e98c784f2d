import { describe, expect, it } from 'vitest';
import type { Caller } from './api.ts';
import { offeredActionFindings, type Answer, type OfferedActionsSpec } from './offered-actions.ts';

/** The harness on an in-memory "module": a list of notes, each offering edit/remove to its author only. */
type Note = { id: number; author: string; actions: ('edit' | 'remove')[] };
type World = { notes: Map<number, string>; ann: Caller; bob: Caller };

const refusal: Answer = {
  status: 403,
  body: { success: false, errorCode: 100, data: { key: 'generic.permission' } },
};
const success: Answer = { status: 200, body: { success: true, errorCode: 0, data: null } };

function spec(
  opts: { offersRemoveToAll?: boolean; removeCrashes?: boolean; editRefused?: boolean } = {},
): OfferedActionsSpec<World, Note, 'edit' | 'remove'> {
  const caller = (username: string): Caller => ({
    username,
    userId: username,
    custId: null,
    call: () => Promise.reject(new Error('not used')),
  });
  const mayAct = (w: World, id: number, who: Caller) => w.notes.get(id) === who.username;
  return {
    world: async () => ({ notes: new Map([[1, 'ann']]), ann: caller('ann'), bob: caller('bob') }),
    roles: { ann: (w) => w.ann, bob: (w) => w.bob },
    rows: async (w, who) =>
      [...w.notes].map(([id, author]) => ({
        id,
        author,
        actions: author === who.username ? ['edit', 'remove'] : opts.offersRemoveToAll ? ['remove'] : [],
      })),
    label: (n) => `note by ${n.author}`,
    actions: ['edit', 'remove'],
    offered: (n) => n.actions,
    call: {
      edit: async (n, who, w) => (mayAct(w, n.id, who) && !opts.editRefused ? success : refusal),
      remove: async (n, who, w) => {
        if (opts.removeCrashes) return { status: 500, body: { success: false, errorCode: 300, data: null } };
        if (!mayAct(w, n.id, who)) return refusal;
        w.notes.delete(n.id);
        return success;
      },
    },
  };
}

describe('offered-actions harness', () => {
  it('finds nothing when rows and calls agree', async () => {
    expect(await offeredActionFindings(spec(), 'ann')).toEqual([]);
    expect(await offeredActionFindings(spec(), 'bob')).toEqual([]);
  });

  it('reports an offered action that is refused', async () => {
    const found = await offeredActionFindings(spec({ editRefused: true }), 'ann');
    expect(found).toMatchObject([{ role: 'ann', row: 'note by ann', action: 'edit', offered: true }]);
  });

  it('reports an offered action the service refuses, and a 500 as no refusal', async () => {
    const offered = await offeredActionFindings(spec({ offersRemoveToAll: true }), 'bob');
    expect(offered).toMatchObject([{ role: 'bob', action: 'remove', offered: true }]);
    const crashed = await offeredActionFindings(spec({ removeCrashes: true }), 'bob');
    expect(crashed).toMatchObject([{ role: 'bob', action: 'remove', offered: false }]);
    expect(crashed[0]!.problem).toMatch(/^not refused/);
  });

  it('reports an action that succeeds without being offered (viewOf)', async () => {
    const s = spec();
    // bob acts on the rows ann sees, but through a call that does not check rights
    s.call.remove = async (n, _who, w) => (w.notes.delete(n.id), success);
    s.viewOf = { bob: 'ann' };
    expect(await offeredActionFindings(s, 'bob')).toMatchObject([
      { role: 'bob', action: 'remove', offered: false, problem: expect.stringMatching(/^not refused/) },
    ]);
  });

  it('does not count a refusal of the input (a field) as a refusal of rights', async () => {
    const s = spec();
    s.call.edit = async () => ({
      status: 400,
      body: { success: false, errorCode: -5, data: { key: 'x.invalidParameters', field: 'body.endTime' } },
    });
    expect(await offeredActionFindings(s, 'bob')).toMatchObject([
      {
        role: 'bob',
        action: 'edit',
        offered: false,
        problem: expect.stringMatching(/^refused for its input/),
      },
    ]);
  });

  it('reports a role that sees nothing unless told', async () => {
    const s = spec();
    s.rows = async () => [];
    expect(await offeredActionFindings(s, 'ann')).toMatchObject([
      { problem: 'sees no row (nothing tested)' },
    ]);
    s.seesNothing = ['ann'];
    expect(await offeredActionFindings(s, 'ann')).toEqual([]);
  });
});
