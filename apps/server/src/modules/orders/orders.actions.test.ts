import { afterAll, beforeAll, describe } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ChoiceFieldTypes, CustType, type OrderFormState } from '@archway/contract';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type PersonRef } from '../../testing/factories.ts';
import { offeredActionTests } from '../../testing/offered-actions.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';

/**
 * The generic offered-vs-refused test (issue 31) for the order-form designer: the form state's `actions.change`
 * (orders.access `formAccess`) offers every designer change, each of which must then succeed, and its absence
 * must refuse every one of them. Roles: the lab's administrator (membership role owner), a plain member, the
 * administrator of a lab without the `order` page, the platform administrator (no organization).
 */
const CHANGES = ['addField', 'editField', 'deleteField', 'addOption', 'reorder', 'reset', 'publish'] as const;
type Change = (typeof CHANGES)[number];

interface World {
  admin: PersonRef;
  member: PersonRef;
  flagless: PersonRef;
  platform: PersonRef;
}

describe('order forms: every change the designer offers succeeds, none otherwise', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
  });
  afterAll(() => t.close());

  async function world(): Promise<World> {
    const f = factories(t.app);
    const { db } = t.app.platform;
    const [lab, flagless] = await Promise.all([
      f.org({ custType: CustType.lab }),
      f.org({ custType: CustType.lab }),
    ]);
    await db.update(customers).set({ pageOrder: true }).where(eq(customers.id, lab.custId));
    for (const o of [lab, flagless])
      await db
        .update(memberships)
        .set({ role: 'owner' })
        .where(and(eq(memberships.userId, o.owner.userId), eq(memberships.custId, o.custId)));
    return {
      admin: lab.owner,
      member: await f.user(lab),
      flagless: flagless.owner,
      platform: await platformAdmin(t.app),
    };
  }

  offeredActionTests<World, OrderFormState, Change>({
    world,
    roles: {
      admin: (w) => w.admin,
      member: (w) => w.member,
      flagless: (w) => w.flagless,
      platform: (w) => w.platform,
    },
    // One row: the caller's organization's form (none without the page flag or an organization).
    rows: async (_w, who) => {
      const res = await who.call('GET', '/api/order/form');
      return res.body.success ? [res.body.data as OrderFormState] : [];
    },
    label: () => 'the form',
    actions: CHANGES,
    offered: (form) => (form.actions.change ? CHANGES : []),
    viewOf: { flagless: 'admin', platform: 'admin' },
    call: {
      addField: (_form, who) =>
        who.call('POST', '/api/order/form/field', {
          name: 'Extra',
          type: 'input',
          mandatory: false,
          options: [],
        }),
      editField: (form, who) =>
        who.call('PUT', '/api/order/form/field', {
          name: form.draft[0]!.name,
          field: { ...form.draft[0]!, mandatory: !form.draft[0]!.mandatory },
        }),
      deleteField: (form, who) =>
        who.call('DELETE', `/api/order/form/field?name=${encodeURIComponent(form.draft[0]!.name)}`),
      addOption: (form, who) =>
        who.call('POST', '/api/order/form/option', {
          field: form.draft.find((d) => ChoiceFieldTypes.includes(d.type))!.name,
          label: 'Another option',
        }),
      reorder: (form, who) =>
        who.call('PUT', '/api/order/form/order', { names: form.draft.map((d) => d.name).reverse() }),
      reset: (_form, who) => who.call('POST', '/api/order/form/reset'),
      publish: (_form, who) => who.call('POST', '/api/order/form/sync'),
    },
  });
});
