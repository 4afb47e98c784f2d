import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustType } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { expectOk } from '../../testing/api.ts';
import { factories, type Factories } from '../../testing/factories.ts';

/**
 * The device lists read only the page: owned devices come off the owner index in the list's order and are
 * merged with the related devices of others. Every page of every size must still give each device once, in
 * order, with the right total, whatever the mix (a lab also receives its own devices' scans).
 */
describe.each(engines)('device list paging (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  it('pages owned, borrowed, used and received devices together, each once, in order', async () => {
    const lab = await f.org({ custType: CustType.lab });
    const other = await f.org();
    const owned = [];
    for (let i = 0; i < 5; i++) {
      const d = await f.device(lab, { name: `Own ${i}` });
      owned.push(d);
      await f.receiver(d, lab, { caseType: 1 }); // a lab receives its own scans
      await f.receiver(d, lab, { caseType: 2 });
    }
    const borrowed = await f.device(other, { name: 'Borrowed' });
    await f.lending(borrowed, lab);
    await f.receiver(borrowed, lab); // borrowed and received: still one row
    const used = await f.device(other, { name: 'Used' });
    await f.deviceUser(used, lab.owner);
    const received = await f.device(other, { name: 'Received' });
    await f.receiver(received, lab);
    const unrelated = await f.device(other, { name: 'Unrelated' });
    await f.lending(unrelated, lab, { status: 'recalled' });

    const expected = [...owned, borrowed, used, received].map((d) => d.serial).sort();
    for (const sorter of [undefined, 'number asc', 'name desc']) {
      for (const pageSize of [1, 2, 3, 15]) {
        const seen: string[] = [];
        for (let pageIndex = 1; pageIndex <= Math.ceil(expected.length / pageSize) + 1; pageIndex++) {
          const data = expectOk(
            await lab.owner.call('POST', '/api2/device/scan/auths', { pageIndex, pageSize, sorter }),
          );
          expect(data.totalRecords).toBe(expected.length);
          seen.push(...data.records.map((r: { number: string }) => r.number));
        }
        expect([...seen].sort(), `${sorter} / ${pageSize}`).toEqual(expected);
        if (sorter === 'number asc') expect(seen).toEqual(expected);
      }
    }

    const usable = expectOk(await lab.owner.call('POST', '/api2/device/scan/usable', { pageSize: 15 }));
    expect(usable.totalRecords).toBe(7);
    const manageable = expectOk(
      await lab.owner.call('POST', '/api2/device/scan/manageable', { pageSize: 2 }),
    );
    expect(manageable.totalRecords).toBe(5);
    const keyword = expectOk(
      await lab.owner.call('POST', '/api2/device/scan/auths', { keyword: 'Borrowed', pageSize: 15 }),
    );
    expect(keyword.records.map((r: { number: string }) => r.number)).toEqual([borrowed.serial]);
    expect(keyword.totalRecords).toBe(1);
  });
});
