import { afterAll, beforeAll, describe } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CaseActions, CustType, ProcessStatus, type CaseAction, type CaseRow } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { expectOk, type Caller } from '../../testing/api.ts';

/**
 * The generic offered-vs-refused test (issue 31) for the case box: every action a case row offers (cases.access
 * decides, cases.presenter lists) succeeds for that caller, and every action it does not offer is refused with a
 * catalogue code, for each role; the same for each case's design (`edit` for the sender, `answer` for a receiver).
 *
 * Each world: Clinic sends five cases with a device routed to Lab; Lab cooperates with Third. 'open' is a plain
 * case; 'forwarded' Lab forwarded to Third; 'binned' both Clinic and Lab moved to their bins; 'sealed' was
 * encrypted on the scanner; 'old' is past the 90-day preview and comment window. Roles: Clinic's owner and a plain
 * Clinic member (the sender), Lab (the receiver), Third (the forwarded third party), a stranger organization and
 * the platform administrator (no organization), the last two acting on the rows Clinic sees.
 */
interface World {
  clinic: PersonRef;
  clinicMember: PersonRef;
  lab: PersonRef;
  third: PersonRef;
  stranger: PersonRef;
  admin: PersonRef;
  thirdCustId: string;
}

const CASES = ['open', 'forwarded', 'binned', 'sealed', 'old'] as const;

/** One world: Clinic, Lab, Third, a stranger and the administrator, the five cases (see above). */
async function caseWorld(t: TestApp): Promise<World> {
  const f = factories(t.app);
  const clinic = await f.org();
  const lab = await f.org({ custType: CustType.lab });
  const third = await f.org({ custType: CustType.lab });
  const stranger = await f.org({ custType: CustType.lab });
  const clinicMember = await f.user(clinic);
  const device = await f.device(clinic);
  await f.receiver(device, lab);
  const applied = expectOk(await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId }));
  expectOk(await third.owner.call('PUT', `/api2/cust/cooperation/${applied.id}`, { accept: true }));
  const ids: Record<string, string> = {};
  for (const name of CASES)
    ids[name] = await f.kase(device, clinic.owner, {
      patientName: name,
      ...(name === 'sealed' ? { crypto: true } : {}),
      ...(name === 'old' ? { createdAt: new Date(Date.now() - 100 * 86_400_000) } : {}),
    });
  expectOk(await lab.owner.call('POST', '/api/case/forward', { id: ids.forwarded, custId: third.custId }));
  for (const who of [clinic.owner, lab.owner])
    expectOk(await who.call('PUT', `/api/case/recycle/move/?id=${ids.binned}`));
  return {
    clinic: clinic.owner,
    clinicMember,
    lab: lab.owner,
    third: third.owner,
    stranger: stranger.owner,
    admin: await platformAdmin(t.app),
    thirdCustId: third.custId,
  };
}

/** A page of the caller's box or bin. */
const casePage = async (who: Caller, recycle: boolean): Promise<CaseRow[]> =>
  expectOk(await who.call('POST', '/getpaging', { pageSize: 100, pageIndex: 1, recycle })).records;

describe('cases: every action a row offers succeeds, every other is refused', { timeout: 300_000 }, () => {
  let t: TestApp;
  beforeAll(
    async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' })),
  );
  afterAll(() => t.close());

  const world = () => caseWorld(t);

  offeredActionTests<World, CaseRow, CaseAction>({
    world,
    roles: {
      sender: (w) => w.clinic,
      senderMember: (w) => w.clinicMember,
      receiver: (w) => w.lab,
      thirdParty: (w) => w.third,
      stranger: (w) => w.stranger,
      admin: (w) => w.admin,
    },
    viewOf: { stranger: 'sender', admin: 'sender' },
    rows: async (_w, who) => [...(await casePage(who, false)), ...(await casePage(who, true))],
    label: (row) => `${row.patientName}${row.recycleId ? ' (bin)' : ''}`,
    actions: CaseActions,
    offered: (row) => row.actions,
    call: {
      preview: (row, who) => who.call('GET', `/api/case/previewStatus?id=${row.id}`),
      download: (row, who) => who.call('GET', `/download/${row.id}`),
      detail: (row, who) => who.call('GET', `/detail/${row.id}`),
      convert: (row, who) => who.call('GET', `/api/caseRedis/convert/${row.id}?type=stl`),
      status: (row, who) => who.call('PUT', `/processStatus?id=${row.id}&status=${ProcessStatus.processing}`),
      cancel: (row, who) => who.call('PUT', `/status/${row.id}?status=5`),
      forward: (row, who, w) => who.call('POST', '/api/case/forward', { id: row.id, custId: w.thirdCustId }),
      comment: (row, who) => who.call('POST', '/api/case/comment', { caseId: row.id, text: 'offered?' }),
      recycle: (row, who) => who.call('PUT', `/api/case/recycle/move/?id=${row.id}`),
      restore: (row, who) =>
        who.call('GET', `/user/addservice?id=${row.id}&recycleId=${row.recycleId ?? randomUUID()}`),
      purge: (row, who) => who.call('DELETE', `/api/case/recycle/${row.id}`),
    },
  });
});

/** A case's design as a row: its `actions` (designs.presenter, from cases.access `design` and `designNote`). */
interface DesignRow {
  caseId: string;
  label: string;
  actions: { edit: boolean; answer: boolean };
}
type DesignAction = keyof DesignRow['actions'];

describe(
  'designs: every change a design offers succeeds, every other is refused',
  { timeout: 300_000 },
  () => {
    let t: TestApp;
    beforeAll(
      async () => void (t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false', SCAN_THREADS: '0' })),
    );
    afterAll(() => t.close());

    const roles = {
      sender: (w: World) => w.clinic,
      senderMember: (w: World) => w.clinicMember,
      receiver: (w: World) => w.lab,
      thirdParty: (w: World) => w.third,
      stranger: (w: World) => w.stranger,
      admin: (w: World) => w.admin,
    };

    offeredActionTests<World, DesignRow, DesignAction>({
      world: () => caseWorld(t),
      roles,
      viewOf: { stranger: 'sender', admin: 'sender' },
      rows: async (_w, who) => {
        const rows: DesignRow[] = [];
        for (const recycle of [false, true])
          for (const c of await casePage(who, recycle)) {
            const design = expectOk(await who.call('GET', `/api/case/design/${c.id}`));
            rows.push({
              caseId: c.id,
              label: `${c.patientName}${recycle ? ' (bin)' : ''}`,
              actions: design.actions,
            });
          }
        return rows;
      },
      label: (row) => row.label,
      actions: ['edit', 'answer'],
      offered: (row) => (['edit', 'answer'] as const).filter((a) => row.actions[a]),
      call: {
        edit: (row, who) =>
          who.call('POST', '/api/case/design', { caseId: row.caseId, teeth: [], bridges: [], note: '' }),
        answer: (row, who) =>
          who.call('PUT', '/api/case/design/note', { caseId: row.caseId, note: 'offered?' }),
      },
    });
  },
);
