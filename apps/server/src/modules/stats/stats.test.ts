import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CaseType, CustErrors, CustType, GenericErrors, OrgErrors, StatsErrors } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { actorFor } from '../users/users.service.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';
import * as service from './stats.service.ts';
import { rebuildCaseStats } from './stats.repository.ts';

/**
 * The figures against a hand-computed fixture. The clock is 2026-01-15 12:00 UTC: 07:00 in New York (the lab) and
 * 21:00 in Tokyo (the clinic), so "today" is 15 January for both: the dashboard's figures go up to it (issue 33), the
 * table's months up to the 14th. Each case is placed where the two zones (and UTC) disagree about its day.
 */
const NOW = new Date('2026-01-15T12:00:00Z');
const uid = () => randomBytes(4).toString('hex');
const { orthodontics: O, implant: I, restoration: R } = CaseType;
const FIXTURE = {
  // New York: 14 Jan 00:30 (yesterday); Tokyo: 14 Jan 14:30 (yesterday)
  A: { at: '2026-01-14T05:30:00Z', type: O },
  // New York: 14 Jan 23:30 (yesterday, though the 15th in UTC); Tokyo: 15 Jan 13:30 (today)
  B: { at: '2026-01-15T04:30:00Z', type: R },
  // New York: 15 Jan 00:10 (today); Tokyo: 15 Jan 14:10 (today)
  C: { at: '2026-01-15T05:10:00Z', type: R },
  // New York: 13 Jan 23:50 (the day before yesterday); Tokyo: 14 Jan 13:50 (yesterday)
  D: { at: '2026-01-14T04:50:00Z', type: I },
  // New York: 7 Jan 12:00; Tokyo: 8 Jan 02:00
  E: { at: '2026-01-07T17:00:00Z', type: O },
  // New York: 15 Dec 12:00 (30 days before yesterday); Tokyo: 16 Dec 02:00
  F: { at: '2025-12-15T17:00:00Z', type: R },
  // New York and Tokyo: 1 Nov (only in "all time")
  G: { at: '2025-11-01T12:00:00Z', type: I },
} as const;

describe.each(engines)('statistics (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  // The fixture's world, shared by the tests that only read it. A test that changes figures, settings or
  // partners builds a world (or organizations) of its own.
  let clinic: OrgRef;
  let lab: OrgRef;
  let stranger: OrgRef;

  const scope = async (who: OrgRef, now = NOW) => ({
    db: t.app.platform.db,
    actor: (await actorFor(t.app.platform.db, who.owner.userId, who.custId))!,
    ctx: {},
    now,
  });
  const summaryOf = (d: Awaited<ReturnType<typeof service.dashboard>>) =>
    Object.fromEntries(
      d.summary.map((s) => [s.key, [s.value, ...s.compare.map((c) => [c.value, c.change])]]),
    );
  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(res.status).toBe(def.status);
  };

  /** The clinic in Tokyo sends the fixture's cases to the lab in New York; the stranger has nothing to do with them. */
  async function world() {
    const clinic = await f.org({ name: `Stats Clinic ${uid()}`, timeZone: 'Asia/Tokyo' });
    const lab = await f.org({
      custType: CustType.lab,
      name: `Stats Lab ${uid()}`,
      timeZone: 'America/New_York',
    });
    const stranger = await f.org({ name: `Stats Stranger ${uid()}` });
    const scanner = await f.device(clinic);
    for (const type of [O, I, R]) await f.receiver(scanner, lab, { caseType: type });
    const ids: Record<string, string> = {};
    for (const [name, c] of Object.entries(FIXTURE))
      ids[name] = await f.kase(scanner, clinic.owner, {
        caseType: c.type,
        patientName: `Patient ${name}`,
        createdAt: new Date(c.at),
      });
    return { clinic, lab, stranger, ids };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
    ({ clinic, lab, stranger } = await world());
  }, 120_000);
  afterAll(() => t.close());

  it("counts the lab's days in New York: today, the last 7 and 30 days, each against 1, 7 and 30 days earlier", async () => {
    const d = await service.dashboard(await scope(lab), { range: '7' });
    expect(d).toMatchObject({ timeZone: 'America/New_York', asOf: '2026-01-15' });
    expect(summaryOf(d)).toEqual({
      // day (15 Jan, today): C | 14 Jan: A, B | 8 Jan: none | 16 Dec: none
      day: [1, [2, -50], [0, null], [0, null]],
      // 9–15 Jan: A, B, C, D | 8–14 Jan: A, B, D | 2–8 Jan: E | 10–16 Dec: F
      week: [4, [3, 33.3], [1, 300], [1, 300]],
      // 17 Dec–15 Jan: A, B, C, D, E | 16 Dec–14 Jan: A, B, D, E | 10 Dec–8 Jan: E, F | 17 Nov–16 Dec: F
      month: [5, [4, 25], [2, 150], [1, 400]],
    });
    expect(d.summary.find((s) => s.key === 'week')).toMatchObject({ from: '2026-01-09', to: '2026-01-15' });
    expect(d.series.map((p) => [p.day, p.total])).toEqual([
      ['2026-01-09', 0],
      ['2026-01-10', 0],
      ['2026-01-11', 0],
      ['2026-01-12', 0],
      ['2026-01-13', 1],
      ['2026-01-14', 2],
      ['2026-01-15', 1],
    ]);
    // Today's C is in the figures, as it is first under the latest cases.
    expect(d.series.at(-1)).toMatchObject({ orthodontics: 0, restoration: 1, implant: 0, received: 1 });
    expect(d.totals).toMatchObject({ total: 4, orthodontics: 1, implant: 1, restoration: 2, received: 4 });
    const a = await service.attention(await scope(lab));
    // Received in the last 30 days, today's C included: A, B, C, D, E, none downloaded yet.
    expect(a.attention.notDownloaded).toBe(5);
    expect(a.recent[0]).toMatchObject({ patientName: 'Patient C', fromName: clinic.name, received: true });
    // Each latest case with its preview image's address (as the case lists give it) or null, and its format.
    expect(a.recent.map((r) => r.thumbnail)).toEqual(a.recent.map(() => null));
    const c = a.recent[0]!;
    await t.app.platform.db.execute(
      sql`update cases set thumbnail_key = ${`thumbnails/${c.caseId}/abc123.png`} where id = ${c.caseId}`,
    );
    try {
      // The clinic that sent it sees the same picture on its copy.
      for (const who of [lab, clinic]) {
        const [first] = (await service.attention(await scope(who))).recent;
        expect(first).toMatchObject({
          caseId: c.caseId,
          thumbnail: `/api/case/thumbnail/${c.caseId}?v=abc123.png`,
        });
      }
    } finally {
      await t.app.platform.db.execute(sql`update cases set thumbnail_key = null where id = ${c.caseId}`);
    }
    expect(a.partners).toEqual({ clinics: 1, labs: 0 });
    expect(a.authorizableDevices).toBe(0);
    expect(a.attention).toMatchObject({ underReview: false, nextStep: null, noReceiverCount: 0 });
  });

  it("counts the clinic's own uploads in Tokyo, where B and C are today's", async () => {
    const d = await service.dashboard(await scope(clinic), { range: '7' });
    expect(d.asOf).toBe('2026-01-15');
    expect(summaryOf(d)).toEqual({
      // day (15 Jan, today): B, C | 14 Jan: A, D | 8 Jan: E | 16 Dec: F
      day: [2, [2, 0], [1, 100], [1, 100]],
      // 9–15 Jan: A, B, C, D | 8–14 Jan: A, D, E | 2–8 Jan: E | 10–16 Dec: F
      week: [4, [3, 33.3], [1, 300], [1, 300]],
      // 17 Dec–15 Jan: A, B, C, D, E | 16 Dec–14 Jan: A, D, E, F | 10 Dec–8 Jan: E, F | 17 Nov–16 Dec: F
      month: [5, [4, 25], [2, 150], [1, 400]],
    });
    expect(d.totals.received).toBe(0);
    const a = await service.attention(await scope(clinic));
    expect(a.recent[0]).toMatchObject({ patientName: 'Patient C', fromName: null, received: false });
    expect(a.partners).toEqual({ clinics: 0, labs: 1 });
    expect(a.authorizableDevices).toBe(1);
  });

  it('narrows every figure to one case type, a partner, a range', async () => {
    const restoration = await service.dashboard(await scope(lab), { range: '30', caseType: R });
    // Restoration: C (today), B (14 Jan) and F (15 Dec, outside the 30 days up to today).
    expect(summaryOf(restoration).day).toEqual([1, [1, 0], [0, null], [0, null]]);
    expect(restoration.totals).toMatchObject({ total: 2, restoration: 2, orthodontics: 0, implant: 0 });
    expect(restoration.series).toHaveLength(30);
    expect(restoration.series[0]!.day).toBe('2025-12-17');

    const all = await service.dashboard(await scope(lab), { range: 'all' });
    expect(all.series[0]).toMatchObject({ day: '2025-11-01', total: 1 });
    expect(all.totals.total).toBe(7);

    const withClinic = await service.dashboard(await scope(lab), { range: 'all', partnerId: clinic.custId });
    expect(withClinic.totals.total).toBe(7);
    const withStranger = await service.dashboard(await scope(lab), {
      range: 'all',
      partnerId: stranger.custId,
    });
    expect(withStranger.totals.total).toBe(0);
    // The clinic's cases with the lab, counted in the clinic's zone.
    const withLab = await service.dashboard(await scope(clinic), { range: '7', partnerId: lab.custId });
    expect(summaryOf(withLab).day?.[0]).toBe(2);
  });

  it("builds product §3's table: a row per partner and month up to yesterday, with the difference", async () => {
    const table = await service.table(await scope(lab), {
      sort: 'month',
      order: 'asc',
      pageIndex: 1,
      pageSize: 15,
    });
    expect(table.records).toEqual([
      {
        custId: clinic.custId,
        clinic: clinic.name,
        month: '2025-11',
        total: 1,
        ortho: 0,
        restoration: 0,
        implant: 1,
        difference: 1,
      },
      {
        custId: clinic.custId,
        clinic: clinic.name,
        month: '2025-12',
        total: 1,
        ortho: 0,
        restoration: 1,
        implant: 0,
        difference: 0,
      },
      // January up to the 14th: A, B, D, E (C is today's).
      {
        custId: clinic.custId,
        clinic: clinic.name,
        month: '2026-01',
        total: 4,
        ortho: 2,
        restoration: 1,
        implant: 1,
        difference: 3,
      },
    ]);
    expect(table.totalRecords).toBe(3);
    const byDifference = await service.table(await scope(lab), {
      sort: 'difference',
      order: 'asc',
      pageIndex: 2,
      pageSize: 2,
    });
    expect(byDifference).toMatchObject({ totalRecords: 3, pageIndex: 2 });
    expect(byDifference.records.map((r) => r.difference)).toEqual([3]);
    expect(
      (await service.table(await scope(lab), { sort: 'month', order: 'asc', pageIndex: 9, pageSize: 2 }))
        .totalRecords,
    ).toBe(3);
    // The clinic's rows are the lab's, in Tokyo: F falls on 16 Dec, January has A, D, E.
    const clinicTable = await service.table(await scope(clinic), {
      sort: 'month',
      order: 'desc',
      pageIndex: 1,
      pageSize: 15,
    });
    expect(clinicTable.records.map((r) => [r.clinic, r.month, r.total])).toEqual([
      [lab.name, '2026-01', 3],
      [lab.name, '2025-12', 1],
      [lab.name, '2025-11', 1],
    ]);
    const window = await service.table(await scope(lab), {
      from: '2025-12',
      to: '2025-12',
      sort: 'month',
      order: 'asc',
      pageIndex: 1,
      pageSize: 15,
    });
    expect(window.records.map((r) => [r.month, r.difference])).toEqual([['2025-12', 0]]);
  });

  it('shows a month without cases as 0, so a partner that stopped sending stands out', async () => {
    const later = new Date('2026-03-10T12:00:00Z');
    const table = await service.table(await scope(lab, later), {
      sort: 'month',
      order: 'desc',
      pageIndex: 1,
      pageSize: 2,
    });
    expect(table.records.map((r) => [r.month, r.total, r.difference])).toEqual([
      ['2026-03', 0, 0],
      ['2026-02', 0, -5],
    ]);
  });

  it('compares periods by month and by scanner', async () => {
    const side = await service.compare(await scope(lab), { from: '2025-11', to: '2026-02' });
    expect(side).toMatchObject({ from: '2025-11', to: '2026-01', name: lab.name, partnerName: null });
    expect(side.months.map((m) => [m.month, m.total])).toEqual([
      ['2025-11', 1],
      ['2025-12', 1],
      ['2026-01', 4],
    ]);
    expect(side.indicators).toMatchObject({ total: 6, monthlyAverage: 2, devices: 1, received: 6 });
    expect(side.devices).toHaveLength(1);
    const withClinic = await service.compare(await scope(lab), {
      from: '2025-12',
      to: '2025-12',
      partnerId: clinic.custId,
    });
    expect(withClinic).toMatchObject({ partnerName: clinic.name, indicators: { total: 1 } });
  });

  it('counts a first download once, and the rebuilt rows equal the ones the triggers kept', async () => {
    const db = t.app.platform.db;
    // A download is for good: this test's own world.
    const { clinic, lab, ids } = await world();
    const before = (await service.attention(await scope(lab))).attention.notDownloaded;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: `/download/callback?id=${ids.A}`, headers: lab.owner.headers });
      expect(res.json().success).toBe(true);
    }
    expect(before).toBe(5);
    expect((await service.attention(await scope(lab))).attention.notDownloaded).toBe(before - 1);
    expect((await service.dashboard(await scope(lab), { range: '7' })).totals.downloaded).toBe(1);

    const snapshot = () =>
      rowsOf<Record<string, unknown>>(
        db,
        sql`select cust_id, grain, partner_id, device_serial, period::text, total, orthodontics, implant,
          restoration, received, downloaded from case_stats
          where cust_id in (${clinic.custId}, ${lab.custId}) order by 1, 2, 3, 4, 5`,
      );
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(10);
    await db.transaction((tx) => rebuildCaseStats(tx, null));
    expect(await snapshot()).toEqual(kept);
    // Drift (a row lost or wrong) is repaired by rebuilding the one organization.
    await db.execute(sql`update case_stats set total = total + 7 where cust_id = ${lab.custId}`);
    await db.transaction((tx) => rebuildCaseStats(tx, lab.custId));
    expect(await snapshot()).toEqual(kept);
  });

  it("recounts the organization's past days when an owner changes its time zone", async () => {
    const { lab } = await world();
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(eq(memberships.userId, lab.owner.userId));
    const res = await lab.owner.call('PUT', '/api/stats/timezone', { timeZone: 'Asia/Tokyo' });
    expect(res.body.data).toMatchObject({ timeZone: 'Asia/Tokyo', canChangeTimeZone: true });
    const d = await service.dashboard(await scope(lab), { range: '7' });
    // In Tokyo the lab's today holds B and C, as the clinic's does, and its yesterday A and D.
    expect(summaryOf(d).day?.[0]).toBe(2);
    expect(d.series.at(-1)).toMatchObject({ orthodontics: 0, implant: 0, restoration: 2 });
    expect(d.series.at(-2)).toMatchObject({ orthodontics: 1, implant: 1 });
    refusedWith(
      await lab.owner.call('PUT', '/api/stats/timezone', { timeZone: 'Mars/Olympus' }),
      StatsErrors.timeZone,
    );
    await lab.owner.call('PUT', '/api/stats/timezone', { timeZone: 'America/New_York' });
    const member = await f.user({ custId: lab.custId });
    refusedWith(
      await member.call('PUT', '/api/stats/timezone', { timeZone: 'Europe/Paris' }),
      OrgErrors.notOwner,
    );
    expect((await member.call('GET', '/api/stats/settings')).body.data).toMatchObject({
      timeZone: 'America/New_York',
      canChangeTimeZone: false,
    });
  });

  it("counts a new organization's days in its creator's time zone (X-Time-Zone), UTC when unknown", async () => {
    for (const [zone, expected] of [
      ['Australia/Perth', 'Australia/Perth'],
      ['Not/AZone', 'UTC'],
    ] as const) {
      const founder = await f.user();
      const name = `Zone Lab ${zone.replace('/', ' ')} ${Date.now()}`;
      const res = await founder.call(
        'POST',
        '/api2/cust',
        {
          name,
          custType: 3,
          contact: 'Rita',
          phone: '+1 555 0100',
          creditCode: 'CC-1',
          email: 'zone@lab.test',
        },
        { 'x-time-zone': zone },
      );
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const [row] = await t.app.platform.db
        .select({ timeZone: customers.timeZone })
        .from(customers)
        .where(eq(customers.id, res.body.data.id));
      expect(row!.timeZone).toBe(expected);
    }
  });

  it('tells a new organization its next step, and what needs attention', async () => {
    // The lending below changes what the borrower sees: a lab of this test's own.
    const lab = await f.org({ custType: CustType.lab, name: `Borrower Lab ${uid()}` });
    const fresh = await f.org({ status: 1 });
    const d0 = (await fresh.owner.call('GET', '/api/stats/attention')).body.data;
    expect(d0.attention).toMatchObject({ underReview: true, nextStep: 'bindDevice', noReceiverCount: 0 });
    const scanner = await f.device(fresh, { name: 'Front desk scanner' });
    const d1 = (await fresh.owner.call('GET', '/api/stats/attention')).body.data;
    expect(d1.attention).toMatchObject({ nextStep: 'chooseReceiver', noReceiverCount: 1 });
    expect(d1.attention.noReceiver).toEqual([
      { id: scanner.deviceId, name: 'Front desk scanner', serial: scanner.serial },
    ]);
    expect(d1.authorizableDevices).toBe(1);
    await f.lending(scanner, lab, { expiresAt: new Date(Date.now() + 3 * 86_400_000) });
    await f.receiver(scanner, lab, { caseType: O });
    const d2 = (await fresh.owner.call('GET', '/api/stats/attention')).body.data;
    expect(d2.attention).toMatchObject({ nextStep: null, noReceiverCount: 0 });
    expect(d2.attention.expiring).toEqual([
      expect.objectContaining({ deviceId: scanner.deviceId, custName: lab.name, lent: 'out' }),
    ]);
    // The borrower sees the same authorization as lent in; nobody else sees it.
    const labView = (await lab.owner.call('GET', '/api/stats/attention')).body.data;
    expect(labView.attention.expiring).toEqual([
      expect.objectContaining({ custName: fresh.name, lent: 'in' }),
    ]);
    expect((await stranger.owner.call('GET', '/api/stats/attention')).body.data.attention.expiring).toEqual(
      [],
    );
    const newLab = await f.org({ custType: CustType.lab });
    expect((await newLab.owner.call('GET', '/api/stats/attention')).body.data.attention.nextStep).toBe(
      'findPartners',
    );
  });

  it('keeps each person their own thresholds', async () => {
    const lab = await f.org({ custType: CustType.lab });
    const set = await lab.owner.call('PUT', '/api/stats/thresholds', { abnormal: 5, difference: -2 });
    expect(set.body.data).toMatchObject({ abnormal: 5, difference: -2 });
    expect((await lab.owner.call('GET', '/api/stats/settings')).body.data).toMatchObject({
      abnormal: 5,
      difference: -2,
    });
    const colleague = await f.user({ custId: lab.custId });
    expect((await colleague.call('GET', '/api/stats/settings')).body.data).toMatchObject({
      abnormal: null,
      difference: null,
    });
    await lab.owner.call('PUT', '/api/stats/thresholds', { abnormal: null, difference: null });
    expect((await lab.owner.call('GET', '/api/stats/settings')).body.data).toMatchObject({ abnormal: null });
    refusedWith(
      await lab.owner.call('PUT', '/api/stats/thresholds', { abnormal: -1, difference: null }),
      StatsErrors.parameter,
    );
    refusedWith(
      await lab.owner.call('PUT', '/api/stats/thresholds', { abnormal: 'many' }),
      StatsErrors.parameter,
    );
  });

  describe('isolation: no call returns another organization’s figures', () => {
    it('answers a stranger nothing about the lab, and its own figures are empty', async () => {
      for (const url of [
        `/api/stats/dashboard?custId=${lab.custId}`,
        `/api/stats/attention?custId=${lab.custId}`,
        `/api/stats/table?custId=${lab.custId}`,
        `/api/stats/table/export?custId=${lab.custId}`,
        `/api/stats/compare?from=2025-01&to=2026-01&custId=${lab.custId}`,
        `/api/stats/subjects?custId=${lab.custId}`,
      ])
        refusedWith(await stranger.owner.call('GET', url), CustErrors.notFound);
      const own = await stranger.owner.call('GET', `/api/stats/dashboard?range=all&partnerId=${lab.custId}`);
      expect(own.body.data.totals.total).toBe(0);
      expect((await stranger.owner.call('GET', '/api/stats/attention')).body.data.recent).toEqual([]);
      const table = await stranger.owner.call('GET', `/api/stats/table?partnerId=${lab.custId}`);
      expect(table.body.data).toMatchObject({ records: [], totalRecords: 0 });
      const subjects = await stranger.owner.call('GET', '/api/stats/subjects');
      expect(subjects.body.data).toEqual({
        organizations: [{ id: stranger.custId, name: stranger.name, custType: CustType.clinic }],
        partners: [],
      });
    });

    it("lets a parent account see its child's figures, and only its children's", async () => {
      const parent = await f.org({ custType: CustType.distributor, name: `Stats Parent ${Date.now()}` });
      await t.app.platform.db
        .update(customers)
        .set({ parentId: parent.custId })
        .where(eq(customers.id, clinic.custId));
      try {
        const subjects = await parent.owner.call('GET', '/api/stats/subjects');
        expect(subjects.body.data.organizations.map((o: any) => o.id)).toEqual([
          parent.custId,
          clinic.custId,
        ]);
        const child = await parent.owner.call(
          'GET',
          `/api/stats/dashboard?range=all&custId=${clinic.custId}`,
        );
        expect(child.body.data).toMatchObject({ custId: clinic.custId, totals: { total: 7 } });
        refusedWith(
          await parent.owner.call('GET', `/api/stats/dashboard?custId=${lab.custId}`),
          CustErrors.notFound,
        );
        // The child cannot look up at its parent.
        refusedWith(
          await clinic.owner.call('GET', `/api/stats/dashboard?custId=${parent.custId}`),
          CustErrors.notFound,
        );
      } finally {
        await t.app.platform.db
          .update(customers)
          .set({ parentId: null })
          .where(eq(customers.id, clinic.custId));
      }
    });

    it('lists as partners only the organizations the cases came from or went to', async () => {
      const subjects = await lab.owner.call('GET', '/api/stats/subjects');
      expect(subjects.body.data.partners).toEqual([
        { id: clinic.custId, name: clinic.name, custType: CustType.clinic },
      ]);
    });
  });

  describe('refusals', () => {
    it('refuses bad parameters with the catalogue codes', async () => {
      for (const url of [
        '/api/stats/dashboard?range=14',
        '/api/stats/dashboard?caseType=9',
        '/api/stats/dashboard?custId=not-a-uuid',
        '/api/stats/table?sort=patient',
        '/api/stats/table?pageSize=1000',
        '/api/stats/table?from=2026-13',
        '/api/stats/table/export?format=pdf',
        '/api/stats/compare?from=2026-01',
      ])
        refusedWith(await lab.owner.call('GET', url), StatsErrors.parameter);
      refusedWith(
        await lab.owner.call('GET', '/api/stats/compare?from=2026-02&to=2025-01'),
        StatsErrors.period,
      );
      refusedWith(
        await lab.owner.call('GET', '/api/stats/compare?from=2000-01&to=2026-01'),
        StatsErrors.period,
      );
      refusedWith(
        await lab.owner.call('GET', '/api/stats/table?from=2026-02&to=2025-01'),
        StatsErrors.period,
      );
    });

    it('refuses callers without an organization or without a token', async () => {
      const loner = await f.user(null);
      refusedWith(await loner.call('GET', '/api/stats/dashboard'), CustErrors.missing);
      const anonymous = await t.app.inject({ url: '/api/stats/dashboard' });
      expect(anonymous.json()).toMatchObject({ errorCode: GenericErrors.sessionExpired.code });
    });
  });

  describe('export', () => {
    it('exports the whole table as CSV, rows as the table shows them, formulas defused', async () => {
      // A lab of this test's own (the sneaky clinic becomes its partner): one clinic sends in two months, the
      // sneaky one in one.
      const lab = await f.org({ custType: CustType.lab, name: `Export Lab ${uid()}` });
      const plain = await f.org({ name: `Plain Clinic ${uid()}` });
      const plainScanner = await f.device(plain);
      await f.receiver(plainScanner, lab, { caseType: R });
      for (const days of [40, 75])
        await f.kase(plainScanner, plain.owner, {
          caseType: R,
          createdAt: new Date(Date.now() - days * 86_400_000),
        });
      const sneaky = await f.org({ name: `=HYPERLINK("http://evil")${uid()}` });
      const scanner = await f.device(sneaky);
      await f.receiver(scanner, lab, { caseType: O });
      await f.kase(scanner, sneaky.owner, { caseType: O, createdAt: new Date(Date.now() - 40 * 86_400_000) });
      const res = await t.app.inject({
        url: '/api/stats/table/export?format=csv&sort=clinic&order=asc',
        headers: { ...lab.owner.headers, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(
        /attachment; filename="statistics-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const [header, ...lines] = res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/);
      expect(header).toBe(
        ['Praxis', 'Monat', 'Gesamt', 'Kieferorthopädie', 'Restauration', 'Implantat', 'Differenz'].join(','),
      );
      const table = await lab.owner.call('GET', '/api/stats/table?sort=clinic&order=asc&pageSize=100');
      expect(table.body.data.totalRecords).toBeGreaterThanOrEqual(3);
      expect(lines).toHaveLength(table.body.data.totalRecords);
      const sneakyLine = lines.find((l) => l.includes('HYPERLINK'))!;
      expect(sneakyLine.startsWith(`"'=HYPERLINK(""http://evil"")`)).toBe(true);
      const first = table.body.data.records[0];
      expect(lines[0]).toContain(
        `,${first.month},${first.total},${first.ortho},${first.restoration},${first.implant},${first.difference}`,
      );
    });

    it('reads the language from Accept-Language', () => {
      expect(service.exportLanguage('zh-TW,zh;q=0.9')).toBe('zh-tw');
      expect(service.exportLanguage('nb-NO')).toBe('no');
      expect(service.exportLanguage('fr-CA, en;q=0.5')).toBe('fr');
      expect(service.exportLanguage('xx, de;q=0.3')).toBe('de');
      expect(service.exportLanguage(undefined)).toBe('en');
    });

    it("names the first column after the other side: labs in a clinic's export", async () => {
      const res = await t.app.inject({ url: '/api/stats/table/export', headers: clinic.owner.headers });
      expect(res.body.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toBe(
        'Lab,Month,Total,Orthodontics,Restoration,Implant,Difference',
      );
    });

    it('exports an Excel workbook', async () => {
      const res = await t.app.inject({
        url: '/api/stats/table/export?format=xlsx',
        headers: lab.owner.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    });
  });
});

describe.runIf(engines.includes('postgres'))('statistics under concurrent uploads (postgres)', () => {
  it('counts every case when two organizations send to each other at once (no deadlock, no lost count)', async () => {
    const t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    try {
      const f = factories(t.app);
      const a = await f.org({ custType: CustType.lab, timeZone: 'Europe/Berlin' });
      const b = await f.org({ custType: CustType.lab, timeZone: 'Asia/Tokyo' });
      const [da, db] = [await f.device(a), await f.device(b)];
      for (const type of [O, I, R]) {
        await f.receiver(da, b, { caseType: type });
        await f.receiver(db, a, { caseType: type });
      }
      const at = new Date(Date.now() - 2 * 86_400_000);
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          i % 2
            ? f.kase(da, a.owner, { caseType: ((i % 3) + 1) as 1 | 2 | 3, createdAt: at })
            : f.kase(db, b.owner, { caseType: ((i % 3) + 1) as 1 | 2 | 3, createdAt: at }),
        ),
      );
      for (const who of [a, b]) {
        const d = (await who.owner.call('GET', '/api/stats/dashboard?range=7')).body.data;
        // 12 sent and 12 received each.
        expect(d.totals).toMatchObject({ total: 24, received: 12 });
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
