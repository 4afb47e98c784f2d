import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CaseErrors, CustType, OrderFormErrors, OrgErrors, STANDARD_ORDER_FORM } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type DeviceRef, type Factories, type OrgRef } from '../../testing/factories.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import { cases } from '../cases/cases.schema.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { seedDemoOrderForm } from '../../demo/seed-orders.ts';
import { caseOrderForms, orderForms } from './orders.schema.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

type Def = { code: number; key: string; status: number };
const refusedWith = (res: { status: number; body: any }, def: Def, field?: string) => {
  expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
  if (field !== undefined) expect(res.body.data.field).toBe(field);
  expect(res.status).toBe(def.status);
};

const MATERIAL = {
  name: 'Material',
  type: 'dropdown',
  mandatory: true,
  options: [{ label: 'zirconia', children: ['Katana', 'Prettau'] }, { label: 'e.max' }, { label: 'PFM' }],
};

describe.each(engines)('order forms (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let base: string;
  let clinic: OrgRef;
  let lab: OrgRef;
  let lab2: OrgRef;
  let third: OrgRef;
  let stranger: OrgRef;
  let device: DeviceRef;

  const makeOwner = (o: OrgRef) =>
    t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, o.owner.userId), eq(memberships.custId, o.custId)));
  const pageOrder = (o: OrgRef, on: boolean) =>
    t.app.platform.db.update(customers).set({ pageOrder: on }).where(eq(customers.id, o.custId));
  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const a = app.server.address();
    return `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  };

  /** A finished tus upload of `body` by `who`. */
  async function uploaded(who: OrgRef, name: string, body: Buffer) {
    const tus = { ...who.owner.headers, 'tus-resumable': '1.0.0' };
    const res = await fetch(`${base}/api/case/upload/`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': `filename ${b64(name)}` },
    });
    expect(res.status).toBe(201);
    const id = res.headers.get('location')!.split('/').pop()!;
    const patch = await fetch(`${base}/api/case/upload/${id}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });
    expect(patch.status).toBe(204);
    return { uploadId: id, name, sha256: sha(body) };
  }

  let seed = 100;
  /** Sends a restoration case with one fresh scan and these order values. */
  async function send(orderFields?: Record<string, unknown>, order: Record<string, unknown> = {}) {
    const file = await uploaded(clinic, 'upper.ply', sampleArchPly({ seed: ++seed }));
    return clinic.owner.call('POST', '/api/case/upload/complete', {
      device: device.serial,
      order: { caseType: 3, patientName: 'Form Patient', ...order },
      files: [file],
      ...(orderFields ? { orderFields } : {}),
    });
  }
  const caseCount = async () =>
    Number(
      (
        await t.app.platform.db
          .select({ n: sql<number>`count(*)` })
          .from(cases)
          .where(eq(cases.senderCustId, clinic.custId))
      )[0]!.n,
    );
  async function storedKeys() {
    const keys: string[] = [];
    for await (const o of t.app.platform.storage.list('cases/')) keys.push(o.key);
    return keys.sort();
  }

  /** Designs `who`'s draft as exactly these fields and publishes it. */
  async function publish(who: OrgRef, fields: object[]) {
    const state = (await who.owner.call('GET', '/api/order/form')).body.data;
    for (const fl of state.draft)
      expect(
        (await who.owner.call('DELETE', `/api/order/form/field?name=${encodeURIComponent(fl.name)}`)).body
          .success,
      ).toBe(true);
    for (const fl of fields)
      expect((await who.owner.call('POST', '/api/order/form/field', fl)).body.success).toBe(true);
    const synced = await who.owner.call('POST', '/api/order/form/sync');
    expect(synced.body.success).toBe(true);
    return synced.body.data;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    base = await listen(t.app);
  }, 180_000);
  afterAll(() => t?.close(), 180_000);
  // Every test its own organizations: a clinic whose device sends restorations to lab (lab2 receives only where a
  // test adds it), each organization's first member its owner; the order page is off until a test turns it on.
  beforeEach(async () => {
    clinic = await f.org({ name: `Order Clinic ${Date.now()}` });
    lab = await f.org({ custType: CustType.lab, name: `Order Lab A ${Date.now()}` });
    lab2 = await f.org({ custType: CustType.lab, name: `Order Lab B ${Date.now()}` });
    third = await f.org({ custType: CustType.lab, name: `Order Third ${Date.now()}` });
    stranger = await f.org({ custType: CustType.lab, name: `Order Stranger ${Date.now()}` });
    for (const o of [clinic, lab, lab2, third, stranger]) await makeOwner(o);
    device = await f.device(clinic);
    await f.receiver(device, lab, { caseType: 3 });
  });

  it('needs the order page: every designer call is orderForm.notEnabled while page_order is off', async () => {
    await pageOrder(lab, false);
    refusedWith(await lab.owner.call('GET', '/api/order/form'), OrderFormErrors.notEnabled);
    refusedWith(
      await lab.owner.call('POST', '/api/order/form/field', { name: 'X', type: 'input' }),
      OrderFormErrors.notEnabled,
    );
    refusedWith(await lab.owner.call('POST', '/api/order/form/sync'), OrderFormErrors.notEnabled);
    refusedWith(await lab.owner.call('POST', '/api/order/form/reset'), OrderFormErrors.notEnabled);
    const refused = await t.app.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'orderForm.field.add'), eq(auditLog.outcome, 'refused')));
    expect(refused.map((r) => r.actorCustId)).toContain(lab.custId);
  });

  it('starts from the standard form; a member reads it, only the administrator changes it', async () => {
    await pageOrder(lab, true);
    const first = await lab.owner.call('GET', '/api/order/form');
    expect(first.body.data).toMatchObject({
      published: 0,
      publishedFields: [],
      changed: true,
      updatedAt: null,
      actions: { change: true },
    });
    expect(first.body.data.draft.map((x: any) => x.name)).toEqual(STANDARD_ORDER_FORM.map((x) => x.name));
    const member = await f.user(lab);
    const read = await member.call('GET', '/api/order/form');
    expect(read.body.success).toBe(true);
    // The member sees the form read-only: no change is offered that the server would refuse.
    expect(read.body.data.actions).toEqual({ change: false });
    refusedWith(
      await member.call('POST', '/api/order/form/field', { name: 'X', type: 'input' }),
      OrgErrors.notOwner,
    );
    refusedWith(await member.call('POST', '/api/order/form/sync'), OrgErrors.notOwner);
  });

  it('refuses a field without name or type, a taken name, a choice without options, a repeated option', async () => {
    await pageOrder(lab, true);
    const add = (body: unknown) => lab.owner.call('POST', '/api/order/form/field', body);
    refusedWith(await add({ type: 'input' }), OrderFormErrors.nameRequired, 'name');
    refusedWith(await add({ name: '   ', type: 'input' }), OrderFormErrors.nameRequired, 'name');
    refusedWith(await add({ name: 'Shade' }), OrderFormErrors.typeRequired, 'type');
    refusedWith(await add({ name: 'Shade', type: 'slider' }), OrderFormErrors.typeRequired, 'type');
    refusedWith(
      await add({ name: 'Shade', type: 'input', mandatory: 'yes' }),
      OrderFormErrors.parameter,
      'mandatory',
    );
    refusedWith(await add({ name: 'doctor', type: 'input' }), OrderFormErrors.nameExists, 'name');
    refusedWith(await add({ name: 'Shade', type: 'dropdown' }), OrderFormErrors.optionsRequired, 'options');
    refusedWith(
      await add({ name: 'Shade', type: 'radio', options: [{ label: 'A1' }, { label: 'a1' }] }),
      OrderFormErrors.optionExists,
      'options',
    );
    refusedWith(
      await add({ name: 'Shade', type: 'checkbox', options: [{ label: 'A', children: ['x', 'X'] }] }),
      OrderFormErrors.optionExists,
    );
    const ok = await add({ name: 'Shade', type: 'input', options: [{ label: 'dropped' }] });
    expect(ok.body.data.draft.at(-1)).toEqual({
      name: 'Shade',
      type: 'input',
      mandatory: false,
      options: [],
    });
    expect(ok.body.data.changed).toBe(true);
  });

  it('adds options and sub-options, refusing existing ones; changes, renames, deletes and reorders fields', async () => {
    await pageOrder(lab, true);
    // A plain input field named Shade (options cannot be added to it), as a designer would have left it.
    expect(
      (await lab.owner.call('POST', '/api/order/form/field', { name: 'Shade', type: 'input' })).body.success,
    ).toBe(true);
    const option = (body: object) => lab.owner.call('POST', '/api/order/form/option', body);
    await lab.owner.call('POST', '/api/order/form/field', MATERIAL);
    refusedWith(await option({ field: 'Material', label: 'PFM' }), OrderFormErrors.optionExists, 'label');
    refusedWith(await option({ field: 'Material', label: 'pfm' }), OrderFormErrors.optionExists, 'label');
    refusedWith(
      await option({ field: 'Material', label: 'katana', parent: 'Zirconia' }),
      OrderFormErrors.optionExists,
    );
    refusedWith(await option({ field: 'Nope', label: 'x' }), OrderFormErrors.fieldNotFound, 'field');
    refusedWith(await option({ field: 'Shade', label: 'x' }), OrderFormErrors.parameter, 'field');
    refusedWith(
      await option({ field: 'Material', label: 'x', parent: 'gold' }),
      OrderFormErrors.parameter,
      'parent',
    );
    await option({ field: 'Material', label: 'Gold' });
    const sub = await option({ field: 'material', label: 'Zolid', parent: 'zirconia' });
    const material = sub.body.data.draft.find((x: any) => x.name === 'Material');
    expect(material.options).toEqual([
      { label: 'zirconia', children: ['Katana', 'Prettau', 'Zolid'] },
      { label: 'e.max' },
      { label: 'PFM' },
      { label: 'Gold' },
    ]);

    const put = (body: unknown) => lab.owner.call('PUT', '/api/order/form/field', body);
    refusedWith(
      await put({ name: 'Nope', field: { name: 'Nope', type: 'input' } }),
      OrderFormErrors.fieldNotFound,
      'name',
    );
    refusedWith(
      await put({ name: 'Shade', field: { name: 'Doctor', type: 'input' } }),
      OrderFormErrors.nameExists,
      'field.name',
    );
    refusedWith(
      await put({ name: 'Shade', field: { type: 'input' } }),
      OrderFormErrors.nameRequired,
      'field.name',
    );
    refusedWith(
      await put({ name: 'Shade', field: { name: 'Shade' } }),
      OrderFormErrors.typeRequired,
      'field.type',
    );
    const renamed = await put({
      name: 'shade',
      field: { name: 'Shade guide', type: 'input', mandatory: true },
    });
    expect(renamed.body.data.draft.find((x: any) => x.name === 'Shade guide')).toMatchObject({
      mandatory: true,
    });

    refusedWith(
      await lab.owner.call('DELETE', '/api/order/form/field?name=Nope'),
      OrderFormErrors.fieldNotFound,
      'name',
    );
    const deleted = await lab.owner.call('DELETE', '/api/order/form/field?name=shade%20guide');
    const names: string[] = deleted.body.data.draft.map((x: any) => x.name);
    expect(names).not.toContain('Shade guide');

    const order = (n: string[]) => lab.owner.call('PUT', '/api/order/form/order', { names: n });
    refusedWith(await order(names.slice(1)), OrderFormErrors.parameter, 'names');
    refusedWith(await order([...names.slice(1), names[1]!]), OrderFormErrors.parameter, 'names');
    refusedWith(await order([...names.slice(1), 'Unknown']), OrderFormErrors.parameter, 'names');
    const reversed = await order([...names].reverse().map((n) => n.toUpperCase()));
    expect(reversed.body.data.draft.map((x: any) => x.name)).toEqual([...names].reverse());
    const audited = await t.app.platform.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectId, lab.custId), eq(auditLog.outcome, 'allowed')));
    expect(new Set(audited.map((a) => a.action))).toEqual(
      new Set([
        'orderForm.field.add',
        'orderForm.option.add',
        'orderForm.field.update',
        'orderForm.field.delete',
        'orderForm.order',
      ]),
    );
  });

  it('at most 100 fields (addFailed); reset gives the standard form; an empty draft does not synchronize', async () => {
    await pageOrder(lab, true);
    await lab.owner.call('POST', '/api/order/form/reset');
    const { draft } = (await lab.owner.call('GET', '/api/order/form')).body.data;
    for (let i = draft.length; i < 100; i++)
      expect(
        (await lab.owner.call('POST', '/api/order/form/field', { name: `F${i}`, type: 'switch' })).body
          .success,
      ).toBe(true);
    refusedWith(
      await lab.owner.call('POST', '/api/order/form/field', { name: 'F100', type: 'input' }),
      OrderFormErrors.addFailed,
    );
    const reset = await lab.owner.call('POST', '/api/order/form/reset');
    expect(reset.body.data.draft).toEqual(STANDARD_ORDER_FORM);
    for (const fl of STANDARD_ORDER_FORM)
      await lab.owner.call('DELETE', `/api/order/form/field?name=${encodeURIComponent(fl.name)}`);
    expect((await lab.owner.call('GET', '/api/order/form')).body.data.draft).toEqual([]);
    refusedWith(await lab.owner.call('POST', '/api/order/form/sync'), OrderFormErrors.syncFailed);
    expect(
      (await t.app.platform.db.select().from(orderForms).where(eq(orderForms.custId, lab.custId)))[0]!
        .published,
    ).toBe(0);
  }, 180_000);

  it('publishes versions; a clinic sees the receivers’ forms; a case keeps the version it was sent with', async () => {
    await pageOrder(lab, true);
    const v1 = await publish(lab, [
      MATERIAL,
      { name: 'Shade', type: 'radio', options: [{ label: 'A1' }, { label: 'A2' }] },
      { name: 'Extras', type: 'checkbox', options: [{ label: 'Model' }, { label: 'Die' }] },
      { name: 'Due date', type: 'date' },
      { name: 'Urgent', type: 'switch' },
      { name: 'Photo', type: 'file' },
      { name: 'Notes', type: 'input' },
    ]);
    expect(v1).toMatchObject({ published: 1, changed: false });
    // Synchronizing an unchanged draft publishes nothing new.
    expect((await lab.owner.call('POST', '/api/order/form/sync')).body.data.published).toBe(1);

    // lab2 receives too, but its page is off (no form); a stranger's device is not the clinic's to use.
    await f.receiver(device, lab2, { caseType: 3 });
    const forms = await clinic.owner.call('GET', `/api/order/forms?device=${device.serial}&type=3`);
    expect(forms.body.data).toEqual([
      { custId: lab.custId, custName: lab.name, version: 1, fields: expect.any(Array) },
    ]);
    expect(forms.body.data[0].fields.map((x: any) => x.name)).toEqual([
      'Material',
      'Shade',
      'Extras',
      'Due date',
      'Urgent',
      'Photo',
      'Notes',
    ]);
    expect(
      (await clinic.owner.call('GET', `/api/order/forms?device=${device.serial}&type=1`)).body.data,
    ).toEqual([]);
    refusedWith(
      await stranger.owner.call('GET', `/api/order/forms?device=${device.serial}&type=3`),
      CaseErrors.deviceNotUsable,
    );
    refusedWith(
      await clinic.owner.call('GET', `/api/order/forms?device=${device.serial}&type=7`),
      OrderFormErrors.parameter,
    );

    // Refusals: nothing written (no case, no stored file; the staged uploads stay for another try).
    const before = { cases: await caseCount(), keys: await storedKeys() };
    refusedWith(await send({ Shade: 'A1' }), OrderFormErrors.fieldRequired, 'Material');
    refusedWith(await send({ Material: 'gold' }), OrderFormErrors.fieldInvalid, 'Material');
    refusedWith(await send({ Material: 'zirconia / Zolid' }), OrderFormErrors.fieldInvalid, 'Material');
    refusedWith(await send({ Material: 'PFM', Shade: ['A1'] }), OrderFormErrors.fieldInvalid, 'Shade');
    refusedWith(
      await send({ Material: 'PFM', Extras: ['Model', 'Crown'] }),
      OrderFormErrors.fieldInvalid,
      'Extras',
    );
    refusedWith(
      await send({ Material: 'PFM', 'Due date': '2026-02-30' }),
      OrderFormErrors.fieldInvalid,
      'Due date',
    );
    refusedWith(await send({ Material: 'PFM', Urgent: 'yes' }), OrderFormErrors.fieldInvalid, 'Urgent');
    refusedWith(await send({ Material: 'PFM', Photo: 'lower.ply' }), OrderFormErrors.fieldInvalid, 'Photo');
    refusedWith(await send({ Material: 'PFM', Colour: 'red' }), OrderFormErrors.fieldInvalid, 'Colour');
    expect(await caseCount()).toBe(before.cases);
    expect(await storedKeys()).toEqual(before.keys);

    // The order part's column fills a standard-named field it fits (material "Zirconia" → option "zirconia").
    const fromColumn = await send(undefined, { material: 'Zirconia' });
    expect(fromColumn.body.success).toBe(true);
    // A column value that is no option does not fill a mandatory field.
    refusedWith(await send(undefined, { material: 'Titanium' }), OrderFormErrors.fieldRequired, 'Material');

    const sent = await send(
      {
        material: 'ZIRCONIA / katana',
        Shade: 'A2',
        Extras: ['Die', 'model'],
        'Due date': '2026-12-01',
        Urgent: true,
        Photo: 'upper.ply',
        Notes: '  occlusion light ',
      },
      { remark: 'by the order part' },
    );
    expect(sent.body.success).toBe(true);
    const id = sent.body.data.id as string;
    const values = {
      Material: 'zirconia / Katana',
      Shade: 'A2',
      Extras: ['Die', 'Model'],
      'Due date': '2026-12-01',
      Urgent: true,
      Photo: 'upper.ply',
      Notes: 'occlusion light',
    };
    const detail = (await clinic.owner.call('GET', `/detail/${id}`)).body.data;
    expect(detail.orderForms).toEqual([
      { custId: lab.custId, custName: lab.name, version: 1, fields: forms.body.data[0].fields, values },
    ]);
    // The case's own columns from the standard-named fields the order part left empty.
    expect(detail).toMatchObject({
      material: 'zirconia / Katana',
      dueDate: '2026-12-01',
      remark: 'by the order part',
    });
    // Only lab has a form row: lab2's page is off.
    const rows = await t.app.platform.db.select().from(caseOrderForms).where(eq(caseOrderForms.caseId, id));
    expect(rows.map((r) => r.custId)).toEqual([lab.custId]);

    // Version 2: new cases fill it; the case sent keeps version 1's fields and values.
    await lab.owner.call('POST', '/api/order/form/field', {
      name: 'Implant brand',
      type: 'input',
      mandatory: true,
    });
    await lab.owner.call('DELETE', '/api/order/form/field?name=Notes');
    const v2 = (await lab.owner.call('POST', '/api/order/form/sync')).body.data;
    expect(v2).toMatchObject({ published: 2, changed: false });
    expect(v2.publishedFields.map((x: any) => x.name)).toContain('Implant brand');
    const again = (await lab.owner.call('GET', `/detail/${id}`)).body.data.orderForms;
    expect(again).toEqual([
      { custId: lab.custId, custName: lab.name, version: 1, fields: forms.body.data[0].fields, values },
    ]);
    refusedWith(await send({ Material: 'PFM' }), OrderFormErrors.fieldRequired, 'Implant brand');
    refusedWith(
      await send({ Material: 'PFM', Notes: 'x', 'Implant brand': 'y' }),
      OrderFormErrors.fieldInvalid,
      'Notes',
    );
    const v2case = await send({ Material: 'PFM', 'Implant brand': 'Straumann' });
    expect(
      (await clinic.owner.call('GET', `/detail/${v2case.body.data.id}`)).body.data.orderForms[0],
    ).toMatchObject({
      version: 2,
      values: { Material: 'PFM', 'Implant brand': 'Straumann' },
    });
  });

  it('shows each party its own: sender all, receiver its own, the third party the forwarding lab’s, stranger nothing', async () => {
    // lab's published form asks for a material and an implant brand; lab2 receives too, with a form of its own.
    await pageOrder(lab, true);
    await publish(lab, [MATERIAL, { name: 'Implant brand', type: 'input', mandatory: true }]);
    await f.receiver(device, lab2, { caseType: 3 });
    await pageOrder(lab2, true);
    await publish(lab2, [{ name: 'Scan body', type: 'switch', mandatory: true }]);
    const sent = await send({ Material: 'e.max', 'Implant brand': 'Nobel', 'Scan body': false });
    expect(sent.body.success).toBe(true);
    const id = sent.body.data.id as string;
    const formsOf = async (who: OrgRef) => (await who.owner.call('GET', `/detail/${id}`)).body;

    const sender = (await formsOf(clinic)).data.orderForms;
    // By the lab's name: "Order Lab A …" before "Order Lab B …".
    expect(sender.map((x: any) => [x.custId, x.values])).toEqual([
      [lab.custId, { Material: 'e.max', 'Implant brand': 'Nobel' }],
      [lab2.custId, { 'Scan body': false }],
    ]);
    expect((await formsOf(lab)).data.orderForms.map((x: any) => x.custId)).toEqual([lab.custId]);
    expect((await formsOf(lab2)).data.orderForms.map((x: any) => x.custId)).toEqual([lab2.custId]);

    // lab forwards the case to a third party it cooperates with: the third party sees lab's form.
    const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId });
    await third.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true });
    expect(
      (await lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId })).body.success,
    ).toBe(true);
    const forwarded = (await formsOf(third)).data.orderForms;
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]).toMatchObject({ custId: lab.custId, values: { Material: 'e.max' } });

    refusedWith(await stranger.owner.call('GET', `/detail/${id}`), CaseErrors.notFound);
    // A case of a receiver without a form shows none.
    const plain = await f.kase(device, clinic.owner);
    expect((await formsOf(clinic)).data.orderForms).toHaveLength(2);
    expect((await clinic.owner.call('GET', `/detail/${plain}`)).body.data.orderForms).toEqual([]);
  });

  it('the demo seed gives Demo Lab the order page and a published Material form, once', async () => {
    const [demo] = await t.app.platform.db
      .insert(customers)
      .values({ name: 'Demo Lab', custType: CustType.lab, email: 'demo-lab@factory.test' })
      .onConflictDoNothing()
      .returning({ id: customers.id });
    await Promise.all([seedDemoOrderForm(t.app.platform.db), seedDemoOrderForm(t.app.platform.db)]);
    const [row] = await t.app.platform.db.select().from(orderForms).where(eq(orderForms.custId, demo!.id));
    expect(row).toMatchObject({
      published: 1,
      draft: [{ name: 'Material', type: 'dropdown', mandatory: true }],
    });
    const [c] = await t.app.platform.db
      .select({ on: customers.pageOrder })
      .from(customers)
      .where(eq(customers.id, demo!.id));
    expect(c!.on).toBe(true);
    // A later change of the demo's own stays.
    await t.app.platform.db.update(customers).set({ pageOrder: false }).where(eq(customers.id, demo!.id));
    await seedDemoOrderForm(t.app.platform.db);
    const [after] = await t.app.platform.db
      .select({ on: customers.pageOrder })
      .from(customers)
      .where(eq(customers.id, demo!.id));
    expect(after!.on).toBe(false);
  });
});
