import { afterAll, beforeAll, describe } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { MemberRow } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { expectOk } from '../../testing/api.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { memberships } from '../orgs/orgs.schema.ts';

/**
 * The generic offered-vs-refused test (issue 31) for the member list: what a member row offers (members.access
 * `memberRights`) succeeds for that caller, everything else is refused with a catalogue code.
 *
 * Each world: Clinic with its (last) owner Boss and the members Ann and Bob; a second organization with two owners
 * (Co-owners: either may step down or leave). Roles: Clinic's owner, a plain member (Ann), an owner of the
 * two-owner organization, another organization's owner and the platform administrator (both acting on Clinic's
 * rows). `changeRole` gives a member the other role (owner ↔ member).
 */
type Action = 'remove' | 'changeRole';
interface World {
  boss: PersonRef;
  ann: PersonRef;
  coOwner: PersonRef;
  stranger: PersonRef;
  admin: PersonRef;
  names: Map<string, string>;
}

let t: TestApp;

async function world(): Promise<World> {
  const f = factories(t.app);
  const [clinic, two, stranger] = await Promise.all([f.org(), f.org(), f.org()]);
  const [ann, bob, second] = await Promise.all([f.user(clinic), f.user(clinic), f.user(two)]);
  // The factories' first members are plain members: Boss and both of the second organization's are its owners.
  await t.app.platform.db
    .update(memberships)
    .set({ role: 'owner' })
    .where(inArray(memberships.userId, [clinic.owner.userId, two.owner.userId, second.userId]));
  const names = new Map([
    [clinic.owner.userId, 'Boss'],
    [ann.userId, 'Ann'],
    [bob.userId, 'Bob'],
    [two.owner.userId, 'First owner'],
    [second.userId, 'Second owner'],
  ]);
  return {
    boss: clinic.owner,
    ann,
    coOwner: two.owner,
    stranger: stranger.owner,
    admin: await platformAdmin(t.app),
    names,
  };
}

describe('member rows: offered vs refused', () => {
  beforeAll(async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' })));
  afterAll(() => t.close());

  offeredActionTests<World, MemberRow, Action>({
    world,
    roles: {
      owner: (w) => w.boss,
      member: (w) => w.ann,
      coOwner: (w) => w.coOwner,
      stranger: (w) => w.stranger,
      admin: (w) => w.admin,
    },
    viewOf: { stranger: 'owner', admin: 'owner' },
    rows: async (_w, who) => expectOk(await who.call('GET', '/api2/cust/user/list')),
    label: (row, w) => w.names.get(row.userId) ?? row.username,
    actions: ['remove', 'changeRole'],
    offered: (row) => (['remove', 'changeRole'] as const).filter((a) => row.actions[a]),
    call: {
      remove: (row, who) => who.call('DELETE', `/api2/cust/user/${row.userId}`),
      changeRole: (row, who) =>
        who.call('PUT', '/api2/cust/user/role', {
          userId: row.userId,
          role: row.role === 'owner' ? 'member' : 'owner',
        }),
    },
  });
});
