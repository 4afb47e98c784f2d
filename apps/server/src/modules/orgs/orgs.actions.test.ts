import { afterAll, beforeAll, describe } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CustStatus, type OrgDetail } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { expectOk, type Caller } from '../../testing/api.ts';
import { formData, sample } from '../../testing/multipart.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { customers, memberships } from './orgs.schema.ts';

/**
 * The generic offered-vs-refused test (issue 31) for the organization detail (`GET /api2/cust`): what it offers
 * (orgs.access `orgRights`) succeeds for that caller, everything else is refused with a catalogue code.
 *
 * Each world: Clinic (verified; its owner and a plain member) and Lab, whose certification failed. Roles: Clinic's
 * owner and member, Lab's owner, and the platform administrator acting on Clinic's detail. Another organization's owner is left out on purpose: `PUT /api2/cust` and `PUT /api2/cust/credit`
 * act on the caller's own organization (there is no id to aim at someone else's), so they would succeed on its own;
 * `DELETE /api2/cust/{id}` of another organization answers "not found" (orgs.routes.test.ts).
 */
type Action = OrgDetail['actions'][number];
interface World {
  clinicOwner: PersonRef;
  clinicMember: PersonRef;
  labOwner: PersonRef;
  admin: PersonRef;
}

let t: TestApp;

async function world(): Promise<World> {
  const f = factories(t.app);
  const [clinic, lab] = await Promise.all([f.org({ name: `Clinic ${Math.random()}` }), f.org()]);
  await t.app.platform.db
    .update(customers)
    .set({ status: CustStatus.auditFailed, auditReason: 'The licence is unreadable' })
    .where(eq(customers.id, lab.custId));
  // The factories' first members are plain members: Clinic's and Lab's are their owners here.
  await t.app.platform.db
    .update(memberships)
    .set({ role: 'owner' })
    .where(inArray(memberships.userId, [clinic.owner.userId, lab.owner.userId]));
  return {
    clinicOwner: clinic.owner,
    clinicMember: await f.user(clinic),
    labOwner: lab.owner,
    admin: await platformAdmin(t.app),
  };
}

/** Uploads a business licence as `who` (`POST /attachment`, open to every signed-in person). */
async function licence(who: Caller & { headers?: Record<string, string> }) {
  const form = formData({}, { field: 'file', name: 'licence.pdf', bytes: sample.pdf(512) });
  const res = await t.app.inject({
    method: 'POST',
    url: '/attachment',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  return (res.json() as { data: { id: string } }).data.id;
}

describe('the organization detail: offered vs refused', () => {
  beforeAll(async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' })));
  afterAll(() => t.close());

  offeredActionTests<World, OrgDetail, Action>({
    world,
    roles: {
      owner: (w) => w.clinicOwner,
      member: (w) => w.clinicMember,
      refusedOwner: (w) => w.labOwner,
      admin: (w) => w.admin,
    },
    viewOf: { admin: 'owner' },
    rows: async (_w, who) => [expectOk(await who.call('GET', '/api2/cust')) as OrgDetail],
    label: (row) => (row.status === CustStatus.auditFailed ? 'refused organization' : 'organization'),
    actions: ['edit', 'resubmit', 'delete'],
    offered: (row) => row.actions,
    call: {
      edit: (_row, who) => who.call('PUT', '/api2/cust', { contact: 'Dr. Changed' }),
      resubmit: async (_row, who) =>
        who.call('PUT', '/api2/cust/credit', {
          creditCode: '91350200MA2Y0000X1',
          licenseFile: await licence(who as PersonRef),
        }),
      delete: (row, who) => who.call('DELETE', `/api2/cust/${row.id}`),
    },
  });
});
