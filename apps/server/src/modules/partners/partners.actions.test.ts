import { afterAll, beforeAll, describe } from 'vitest';
import { CustStatus, CustType, type CooperationAction, type CooperationRow } from '@archway/contract';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { expectOk } from '../../testing/api.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { customers } from '../orgs/orgs.schema.ts';

/**
 * The generic offered-vs-refused test (issue 31) for cooperation rows: what a row offers (partners.access
 * `cooperationActions`) succeeds for that caller, everything else is refused with a catalogue code.
 *
 * Each world: Lab (verified) applied to B (pending), C applied to Lab (pending), Lab and D cooperate (open), Lab's
 * application to E was withdrawn (closed), and F applied to Lab while Lab was verified but Lab's own certification
 * is back under review in the 'unverified' variant of the rows (a second organization, Lab2, in the same state as
 * Lab but under review: it may refuse, not accept). Roles: Lab's owner, a plain member of Lab (any member may act),
 * Lab2's owner, a stranger organization and the platform administrator (both acting on Lab's rows).
 */
interface World {
  lab: PersonRef;
  labMember: PersonRef;
  lab2: PersonRef;
  stranger: PersonRef;
  admin: PersonRef;
  names: Map<string, string>;
}

let t: TestApp;

async function world(): Promise<World> {
  const f = factories(t.app);
  const names = new Map<string, string>();
  const org = async (name: string) => {
    const o = await f.org({ custType: CustType.lab });
    names.set(o.custId, name);
    return o;
  };
  const [lab, lab2, b, c, d, e, stranger] = await Promise.all(
    ['Lab', 'Lab2', 'B', 'C', 'D', 'E', 'Stranger'].map(org),
  );
  const apply = async (from: PersonRef, to: { custId: string }) =>
    expectOk(await from.call('POST', '/api2/cust/cooperation', { custId: to.custId })).id as string;
  for (const me of [lab!, lab2!]) {
    await apply(me.owner, b!);
    await apply(c!.owner, me);
    expectOk(
      await d!.owner.call('PUT', `/api2/cust/cooperation/${await apply(me.owner, d!)}`, { accept: true }),
    );
    expectOk(await me.owner.call('DELETE', `/api2/cust/cooperation/${await apply(me.owner, e!)}`));
  }
  // Lab2's certification is under review again: it may still refuse an application, not accept one.
  await t.app.platform.db
    .update(customers)
    .set({ status: CustStatus.underReview })
    .where(eq(customers.id, lab2!.custId));
  return {
    lab: lab!.owner,
    labMember: await f.user(lab!),
    lab2: lab2!.owner,
    stranger: stranger!.owner,
    admin: await platformAdmin(t.app),
    names,
  };
}

const stateNames = ['applied', 'open', 'closed'];

describe('cooperation rows: offered vs refused', () => {
  beforeAll(async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' })));
  afterAll(() => t.close());

  offeredActionTests<World, CooperationRow, CooperationAction>({
    world,
    roles: {
      owner: (w) => w.lab,
      member: (w) => w.labMember,
      unverified: (w) => w.lab2,
      stranger: (w) => w.stranger,
      admin: (w) => w.admin,
    },
    viewOf: { stranger: 'owner', admin: 'owner' },
    rows: async (_w, who) =>
      expectOk(await who.call('GET', '/api2/cust/cooperation?pageIndex=1&pageSize=50')).records,
    label: (row, w) => `${row.direction} ${w.names.get(row.custId)} ${stateNames[row.state]}`,
    actions: ['accept', 'refuse', 'cancel'],
    offered: (row) => row.actions,
    call: {
      accept: (row, who) => who.call('PUT', `/api2/cust/cooperation/${row.id}`, { accept: true }),
      refuse: (row, who) => who.call('PUT', `/api2/cust/cooperation/${row.id}`, { accept: false }),
      cancel: (row, who) => who.call('DELETE', `/api2/cust/cooperation/${row.id}`),
    },
  });
});
