import { afterAll, beforeAll, describe } from 'vitest';
import { CustType, type CommentCaseRow } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { expectOk } from '../../testing/api.ts';
import { caseComments } from './comments.schema.ts';

/**
 * The generic offered-vs-refused test (issue 31) for the comment list (`/caseComment`): a row offers posting
 * (`canComment`, comments.access) exactly when posting on that case succeeds for the caller, for each role.
 *
 * Each world: Clinic sends two cases to Lab, each with a comment of Clinic's: 'fresh', and 'old' (past the 90-day
 * window; its comment written while it was open). Roles: Clinic (the sender), Lab (the receiver), a stranger
 * organization and the platform administrator, the last two acting on the rows Clinic sees.
 */
interface World {
  clinic: PersonRef;
  lab: PersonRef;
  stranger: PersonRef;
  admin: PersonRef;
}

describe('comments: posting is offered exactly where it succeeds', { timeout: 300_000 }, () => {
  let t: TestApp;
  beforeAll(
    async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' })),
  );
  afterAll(() => t.close());

  async function world(): Promise<World> {
    const f = factories(t.app);
    const clinic = await f.org();
    const lab = await f.org({ custType: CustType.lab });
    const stranger = await f.org({ custType: CustType.lab });
    const device = await f.device(clinic);
    await f.receiver(device, lab);
    for (const [name, days] of [
      ['fresh', 0],
      ['old', 100],
    ] as const) {
      const createdAt = new Date(Date.now() - days * 86_400_000);
      const caseId = await f.kase(device, clinic.owner, { patientName: name, createdAt });
      await t.app.platform.db
        .insert(caseComments)
        .values({ caseId, custId: clinic.custId, userId: clinic.owner.userId, text: 'first', createdAt });
    }
    return {
      clinic: clinic.owner,
      lab: lab.owner,
      stranger: stranger.owner,
      admin: await platformAdmin(t.app),
    };
  }

  offeredActionTests<World, CommentCaseRow, 'comment'>({
    world,
    roles: {
      sender: (w) => w.clinic,
      receiver: (w) => w.lab,
      stranger: (w) => w.stranger,
      admin: (w) => w.admin,
    },
    viewOf: { stranger: 'sender', admin: 'sender' },
    rows: async (_w, who) =>
      expectOk(await who.call('POST', '/api/case/comment/page', { pageSize: 100, currentPage: 1 })).records,
    label: (row) => row.patientName,
    actions: ['comment'],
    offered: (row) => (row.canComment ? ['comment'] : []),
    call: {
      comment: (row, who) => who.call('POST', '/api/case/comment', { caseId: row.caseId, text: 'offered?' }),
    },
  });
});
