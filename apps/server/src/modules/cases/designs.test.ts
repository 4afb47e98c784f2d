import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseErrors, CustType, DesignErrors, type SaveDesignBody } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('case design (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let clinic: OrgRef;
  let lab: OrgRef;
  let lab2: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let clinicMember: PersonRef;
  let device: Awaited<ReturnType<Factories['device']>>;

  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
    field?: string,
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    if (field) expect(res.body.data.field).toBe(field);
    expect(res.status).toBe(def.status);
  };
  /** A save with any body (the refusals send what the contract's type would not allow). */
  const save = (who: PersonRef, body: { caseId: string } & Partial<Record<keyof SaveDesignBody, unknown>>) =>
    who.call('POST', '/api/case/design', { teeth: [], bridges: [], note: '', ...body });
  const read = (who: PersonRef, caseId: string) => who.call('GET', `/api/case/design/${caseId}`);
  const answer = (who: PersonRef, caseId: string, note: string) =>
    who.call('PUT', '/api/case/design/note', { caseId, note });

  const bridgeDesign = {
    teeth: [
      { tooth: 14, kind: 'AnatomicCrown', material: 'zirconia-katana', shade: 'A2' },
      { tooth: 15, kind: 'AnatomicPontic', material: 'zirconia-katana', shade: 'A2' },
      {
        tooth: 16,
        kind: 'AnatomicCrown',
        material: 'zirconia-katana',
        shade: 'A3.5',
        implantType: 'ti-base',
      },
      { tooth: 21, kind: 'Veneer', material: 'cast-porcelain-veneer', shade: 'B1' },
      { tooth: 36, kind: 'AnatomicInlay', material: 'cast-ceramic-inlay' },
      { tooth: 46, kind: 'MissingTooth' },
      { tooth: 55, kind: 'HealthyTooth' },
    ],
    bridges: [[16, 15, 14]],
    note: 'Light occlusal contact on 36; emergence profile as 26.',
  } as const;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own organizations and device (nothing a test changes reaches another).
  beforeEach(async () => {
    clinic = await f.org({ name: `Dz Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Dz Lab ${Date.now()}` });
    lab2 = await f.org({ custType: CustType.lab, name: `Dz Lab Two ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Dz Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Dz Stranger ${Date.now()}` });
    clinicMember = await f.user(clinic);
    device = await f.device(clinic);
    await f.receiver(device, lab);
    await f.receiver(device, lab2);
    const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId });
    await third.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true });
  });

  it('an unsaved design reads as an empty chart with what each side may do', async () => {
    const id = await f.kase(device, clinic.owner);
    const mine = await read(clinic.owner, id);
    expect(mine.body).toMatchObject({ success: true });
    expect(mine.body.data).toEqual({
      caseId: id,
      teeth: [],
      bridges: [],
      note: '',
      updatedAt: null,
      updatedByName: null,
      notes: [],
      actions: { edit: true, answer: false },
    });
    expect((await read(lab.owner, id)).body.data.actions).toEqual({ edit: false, answer: true });
  });

  it('the chart round-trips: teeth in FDI order, every field kept, the bridge in arch order, who saved it', async () => {
    const id = await f.kase(device, clinic.owner);
    const res = await save(clinicMember, {
      caseId: id,
      ...bridgeDesign,
      teeth: [...bridgeDesign.teeth].reverse(),
    });
    expect(res.body.success).toBe(true);
    const expected = {
      caseId: id,
      teeth: [...bridgeDesign.teeth].sort((a, b) => a.tooth - b.tooth),
      bridges: [[16, 15, 14]],
      note: bridgeDesign.note,
      updatedByName: clinicMember.username,
      notes: [],
    };
    expect(res.body.data).toMatchObject(expected);
    for (const who of [clinic.owner, lab.owner, lab2.owner]) {
      const back = await read(who, id);
      expect(back.body.data).toMatchObject(expected);
      expect(Date.parse(back.body.data.updatedAt)).not.toBeNaN();
    }
    // A bridge given in any order is stored as drawn (18…11 21…28); crossing the midline is one arch.
    const again = await save(clinic.owner, {
      caseId: id,
      teeth: [{ tooth: 11, kind: 'AnatomicCrown' }],
      bridges: [
        [21, 12, 11],
        [45, 44],
      ],
    });
    expect(again.body.data.bridges).toEqual([
      [12, 11, 21],
      [45, 44],
    ]);
    expect(again.body.data.teeth).toEqual([{ tooth: 11, kind: 'AnatomicCrown' }]);
    expect(again.body.data.note).toBe('');
    expect(again.body.data.updatedByName).toBe(clinic.owner.username);
    // Deciduous bridges too.
    const baby = await save(clinic.owner, { caseId: id, bridges: [[61, 51]] });
    expect(baby.body.data.bridges).toEqual([[51, 61]]);
  });

  it('only the sending organization edits; only a receiver answers', async () => {
    const id = await f.kase(device, clinic.owner);
    refusedWith(await save(lab.owner, { caseId: id, ...bridgeDesign }), DesignErrors.notSender);
    refusedWith(await answer(clinic.owner, id, 'a note from the sender'), DesignErrors.notReceiver);
    refusedWith(await save(stranger.owner, { caseId: id }), CaseErrors.notFound);
    refusedWith(await answer(stranger.owner, id, 'hello'), CaseErrors.notFound);
    refusedWith(await save(clinic.owner, { caseId: MISSING }), CaseErrors.notFound);
    expect((await read(clinic.owner, id)).body.data.updatedAt).toBeNull();
    const refused = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.outcome, 'refused')));
    expect(refused.map((r) => r.action).sort()).toEqual(
      ['case.design.note', 'case.design.note', 'case.design.save', 'case.design.save'].sort(),
    );
  });

  it('the chart rules: teeth, bridges and codes', async () => {
    const id = await f.kase(device, clinic.owner);
    const tooth = (n: number) => ({ tooth: n, kind: 'AnatomicCrown' });
    for (const bad of [19, 10, 49, 56, 0, 91, 100]) {
      refusedWith(
        await save(clinic.owner, { caseId: id, teeth: [tooth(bad)] } as any),
        DesignErrors.tooth,
        'teeth',
      );
    }
    refusedWith(
      await save(clinic.owner, { caseId: id, teeth: [tooth(11), tooth(11)] } as any),
      DesignErrors.tooth,
      'teeth',
    );
    refusedWith(await save(clinic.owner, { caseId: id, bridges: [[11, 19]] }), DesignErrors.tooth, 'bridges');
    for (const bridge of [
      [11], // one tooth
      [11, 11], // the same twice
      [11, 13], // a gap
      [18, 48], // two jaws
      [28, 38],
      [11, 41],
      [55, 15], // deciduous with permanent
      [14, 15, 17],
    ]) {
      refusedWith(
        await save(clinic.owner, { caseId: id, bridges: [bridge] }),
        DesignErrors.bridge,
        'bridges',
      );
    }
    refusedWith(
      await save(clinic.owner, {
        caseId: id,
        bridges: [
          [11, 12],
          [12, 13],
        ],
      }),
      DesignErrors.bridge,
      'bridges',
    );
    for (const odd of [
      { tooth: 11, kind: 'Crown' },
      { tooth: 11, kind: 'AnatomicCrown', material: 'gold' },
      { tooth: 11, kind: 'AnatomicCrown', shade: 'A5' },
      { tooth: 11, kind: 'AnatomicCrown', implantType: 'nail' },
      { tooth: 11.5, kind: 'AnatomicCrown' },
    ]) {
      refusedWith(await save(clinic.owner, { caseId: id, teeth: [odd] } as any), DesignErrors.parameter);
    }
    refusedWith(await save(clinic.owner, { caseId: id, note: 'x'.repeat(2001) }), DesignErrors.parameter);
    refusedWith(await answer(lab.owner, id, 'x'.repeat(2001)), DesignErrors.parameter);
    refusedWith(await clinic.owner.call('GET', '/api/case/design/not-a-uuid'), DesignErrors.parameter);
    expect((await read(clinic.owner, id)).body.data.updatedAt).toBeNull();
  });

  it('only the two sides and the forwarded third party read it; each lab answers with its own note', async () => {
    const id = await f.kase(device, clinic.owner);
    await save(clinic.owner, { caseId: id, ...bridgeDesign });
    refusedWith(await read(third.owner, id), CaseErrors.notFound);
    refusedWith(await read(stranger.owner, id), CaseErrors.notFound);
    const fwd = await lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId });
    expect(fwd.body.success).toBe(true);

    const thirdView = await read(third.owner, id);
    expect(thirdView.body.data).toMatchObject({
      teeth: [...bridgeDesign.teeth].sort((a, b) => a.tooth - b.tooth),
      actions: { edit: false, answer: true },
    });
    refusedWith(await read(stranger.owner, id), CaseErrors.notFound);
    refusedWith(await save(third.owner, { caseId: id }), DesignErrors.notSender);

    expect((await answer(lab.owner, id, '  Pontic ovate, 0.5 mm into the tissue.  ')).body.success).toBe(
      true,
    );
    expect((await answer(lab2.owner, id, 'We will use Katana UTML.')).body.success).toBe(true);
    const thirdAnswer = await answer(third.owner, id, 'Milled here.');
    expect(thirdAnswer.body.data.notes.map((n: any) => n.custName).sort()).toEqual(
      [lab.name, third.name].sort(),
    );

    // The sender sees every note; a lab its own and its forwarding partner's, never the other lab's.
    const byClinic = (await read(clinic.owner, id)).body.data.notes;
    expect(byClinic.map((n: any) => [n.custId, n.note]).sort()).toEqual(
      [
        [lab.custId, 'Pontic ovate, 0.5 mm into the tissue.'],
        [lab2.custId, 'We will use Katana UTML.'],
        [third.custId, 'Milled here.'],
      ].sort(),
    );
    expect((await read(lab.owner, id)).body.data.notes.map((n: any) => n.custId).sort()).toEqual(
      [lab.custId, third.custId].sort(),
    );
    expect((await read(lab2.owner, id)).body.data.notes.map((n: any) => [n.custId, n.mine])).toEqual([
      [lab2.custId, true],
    ]);
    expect(byClinic.every((n: any) => n.mine === false)).toBe(true);

    // A note replaced, then removed by an empty one.
    await answer(lab2.owner, id, 'Katana STML after all.');
    expect((await read(lab2.owner, id)).body.data.notes[0].note).toBe('Katana STML after all.');
    expect((await answer(lab2.owner, id, '   ')).body.data.notes).toEqual([]);
    expect((await read(clinic.owner, id)).body.data.notes).toHaveLength(2);

    // Reads and writes are audited.
    const allowed = await t.app.platform.db
      .select({ action: auditLog.action, cust: auditLog.actorCustId })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.outcome, 'allowed')));
    expect(allowed).toContainEqual({ action: 'case.design.read', cust: third.custId });
    expect(allowed).toContainEqual({ action: 'case.design.save', cust: clinic.custId });
    expect(allowed).toContainEqual({ action: 'case.design.note', cust: lab.custId });
  });

  it('a binned copy still reads but is not written; the other side is untouched', async () => {
    const id = await f.kase(device, clinic.owner);
    await save(clinic.owner, { caseId: id, ...bridgeDesign });
    const moved = await lab.owner.call('PUT', `/api/case/recycle/move/?id=${id}`);
    expect(moved.body.success).toBe(true);
    expect((await read(lab.owner, id)).body.data.teeth).toHaveLength(bridgeDesign.teeth.length);
    refusedWith(await answer(lab.owner, id, 'from the bin'), CaseErrors.notFound);
    await clinic.owner.call('PUT', `/api/case/recycle/move/?id=${id}`);
    refusedWith(await save(clinic.owner, { caseId: id, ...bridgeDesign }), CaseErrors.notFound);
    expect((await answer(lab2.owner, id, 'still here')).body.success).toBe(true);
  });
});
