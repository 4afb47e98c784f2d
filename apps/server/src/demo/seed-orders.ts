import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { customers } from '../modules/orgs/orgs.schema.ts';
import { platformSettings } from '../platform/settings/settings.schema.ts';
import { orderForms, orderFormVersions, type OrderFieldRow } from '../modules/orders/orders.schema.ts';

/** Demo Lab's order form: one mandatory dropdown, published as version 1. */
export const DEMO_ORDER_FORM: OrderFieldRow[] = [
  {
    name: 'Material',
    type: 'dropdown',
    mandatory: true,
    options: [{ label: 'zirconia' }, { label: 'e.max' }, { label: 'PFM' }],
  },
];

/**
 * Demo Lab designs order forms (page_order on) and has published {@link DEMO_ORDER_FORM} as version 1, so the
 * clinic's import shows it. Once (a marker row `demo.orderForm` in the same transaction), and insert-unless-present:
 * once Demo Lab has a form row, nothing here touches it again (a demo user's own changes, or switching the page off,
 * stay).
 */
export async function seedDemoOrderForm(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Once: after the first start, a renamed Demo Lab (or a stranger's organization now named so) is left alone.
    const first = await tx
      .insert(platformSettings)
      .values({ key: 'demo.orderForm', value: {} })
      .onConflictDoNothing()
      .returning({ key: platformSettings.key });
    if (!first.length) return;
    const [lab] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, 'Demo Lab'))
      .limit(1);
    if (!lab) return;
    const made = await tx
      .insert(orderForms)
      .values({ custId: lab.id, draft: DEMO_ORDER_FORM, published: 1 })
      .onConflictDoNothing()
      .returning({ custId: orderForms.custId });
    if (!made.length) return;
    await tx.insert(orderFormVersions).values({ custId: lab.id, version: 1, fields: DEMO_ORDER_FORM });
    await tx.update(customers).set({ pageOrder: true }).where(eq(customers.id, lab.id));
  });
}
