import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { users } from '../account/users.schema.ts';

/** Issue 34, "Sorting": names in the reader's language (platform/db/collation.ts), not the C collation's order. */
const NAMES = ['Zahnlabor', 'apex', 'Ästhetik', 'Ørsta', 'Čapek', 'Zoë', 'Émile'];
/** The root order (English, German, French …): accents with their letter, case after the letter. */
const ROOT = ['apex', 'Ästhetik', 'Čapek', 'Émile', 'Ørsta', 'Zahnlabor', 'Zoë'];
/** Norwegian: Æ (and Ä), Ø, Å after Z. */
const NORWEGIAN = ['apex', 'Čapek', 'Émile', 'Zahnlabor', 'Zoë', 'Ästhetik', 'Ørsta'];

describe.each(engines)('the partner list sorts names in the reader’s language (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  it('follows the owner’s stored language, the root order without one', async () => {
    const lab = await f.org({ custType: CustType.lab });
    const tag = randomUUID().slice(0, 8);
    const byNameOf = new Map<string, string>();
    for (const name of NAMES) {
      const other = await f.org({ custType: CustType.lab, name: `${name} ${tag}` });
      byNameOf.set(other.custId, name);
      const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: other.custId });
      const id = applied.body.data.id as string;
      const accepted = await other.owner.call('PUT', `/api2/cust/cooperation/${id}`, { accept: true });
      expect(accepted.body.success).toBe(true);
    }
    const names = async () => {
      const res = await lab.owner.call('GET', '/api2/cust/partner?pageSize=20');
      expect(res.body.success).toBe(true);
      return (res.body.data.records as { id: string }[]).map((r) => byNameOf.get(r.id));
    };
    expect(await names()).toEqual(ROOT);
    await t.app.platform.db.update(users).set({ language: 'no' }).where(eq(users.id, lab.owner.userId));
    expect(await names()).toEqual(NORWEGIAN);
    await t.app.platform.db.update(users).set({ language: 'cs' }).where(eq(users.id, lab.owner.userId));
    expect(await names()).toEqual(ROOT.filter((n) => n !== 'Čapek').toSpliced(2, 0, 'Čapek'));
  });
});
