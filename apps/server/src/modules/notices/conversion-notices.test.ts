import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType, FAILED_NOTICE_KIND, NoticeKind } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { until } from '../../testing/poll.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';

describe.each(engines)('conversion notices (%s)', (engine) => {
  let t: TestApp;
  let clinic: OrgRef;
  let lab: OrgRef;
  let nurse: PersonRef;
  let f: ReturnType<typeof factories>;
  let device: Awaited<ReturnType<ReturnType<typeof factories>['device']>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SCAN_THREADS: '1' });
    f = factories(t.app);
    clinic = await f.org();
    nurse = await f.user(clinic);
    lab = await f.org({ custType: CustType.lab });
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });
  afterAll(() => t?.close());

  const noticesOf = async (p: PersonRef) =>
    (await p.call('GET', '/api/notice/list')).body.data.records as {
      kind: string;
      caseId: string;
      payload: Record<string, unknown>;
      path: string;
      titleKey: string;
    }[];

  it('tells only the person who started a conversion: a task when done, a failed notice when it fails', async () => {
    const good = await f.kase(device, clinic.owner, {
      files: [{ name: 'upper.ply', body: sampleArchPly({ seed: 11 }) }],
    });
    expect((await lab.owner.call('GET', `/api/caseRedis/convert/${good}?type=stl`)).body.success).toBe(true);
    const done = await until(async () => {
      const list = await noticesOf(lab.owner);
      return list.find((n) => n.kind === NoticeKind.task && n.caseId === good);
    });
    expect(done).toMatchObject({
      payload: { reason: 'converted', type: 'stl' },
      titleKey: 'realtime.notice.taskConverted',
      path: `/case?id=${good}`,
    });

    const broken = await f.kase(device, clinic.owner, {
      files: [
        { name: 'upper.ply', body: Buffer.from('ply\nformat binary_little_endian 1.0\nelement vertex 99\n') },
      ],
    });
    expect((await nurse.call('GET', `/api/caseRedis/convert/${broken}?type=stl`)).body.success).toBe(true);
    const failed = await until(async () => {
      const list = await noticesOf(nurse);
      return list.find((n) => n.kind === FAILED_NOTICE_KIND && n.caseId === broken);
    });
    expect(failed).toMatchObject({
      payload: { reason: 'conversion', error: 'case.processingFailed' },
      titleKey: 'realtime.notice.failed',
    });
    // Nobody else heard of either: the clinic's owner started nothing; the lab owner's only notices are its own.
    expect(await noticesOf(clinic.owner)).toEqual([]);
    expect((await noticesOf(lab.owner)).filter((n) => n.caseId === broken)).toEqual([]);
  });
});
