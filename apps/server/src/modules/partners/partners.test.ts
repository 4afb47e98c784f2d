import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CooperationErrors, CustStatus, CustType, Privacy } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef } from '../../testing/factories.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { mailOutbox } from '../../platform/mail/mail.schema.ts';
import { users } from '../account/users.schema.ts';
import { customers, memberships } from '../orgs/orgs.schema.ts';

const MISSING = '00000000-0000-4000-8000-00000000abcd';

describe.each(engines)('partners and cooperation (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  const refusedWith = (
    res: { status: number; body: any },
    def: { code: number; key: string; status: number },
  ) => {
    expect(res.body).toMatchObject({ success: false, errorCode: def.code, data: { key: def.key } });
    expect(res.status).toBe(def.status);
  };
  const list = async (who: OrgRef, query = '') => {
    const res = await who.owner.call('GET', `/api2/cust/cooperation${query}`);
    expect(res.body.success).toBe(true);
    return res.body.data as { records: any[]; totalRecords: number };
  };

  describe('third-party cooperation', () => {
    let lab: OrgRef;
    let other: OrgRef;

    // Every test its own two labs.
    beforeEach(async () => {
      lab = await f.org({ custType: CustType.lab });
      other = await f.org({ custType: CustType.lab });
    });

    it('applies, the other side accepts; both see it open, with the actions each may take', async () => {
      const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: other.custId });
      expect(applied.body.success).toBe(true);
      expect(applied.body.data).toMatchObject({
        custId: other.custId,
        custName: other.name,
        custType: CustType.lab,
        state: 0,
        direction: 'out',
        closedHow: null,
        actions: ['cancel'],
      });
      const id = applied.body.data.id as string;
      const incoming = (await list(other)).records.find((r) => r.id === id);
      expect(incoming).toMatchObject({ custId: lab.custId, direction: 'in', state: 0 });
      expect(incoming.actions).toEqual(['accept', 'refuse', 'cancel']);

      // The applicant cannot decide its own application.
      refusedWith(
        await lab.owner.call('PUT', `/api2/cust/cooperation/${id}`, { accept: true }),
        CooperationErrors.notYours,
      );
      // One live cooperation per pair, whichever side applies.
      refusedWith(
        await other.owner.call('POST', '/api2/cust/cooperation', { custId: lab.custId }),
        CooperationErrors.exists,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: other.custId }),
        CooperationErrors.exists,
      );

      const accepted = await other.owner.call('PUT', `/api2/cust/cooperation/${id}`, { accept: true });
      expect(accepted.body.data).toMatchObject({ state: 1, direction: 'in', actions: ['cancel'] });
      expect(accepted.body.data.decidedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      refusedWith(
        await other.owner.call('PUT', `/api2/cust/cooperation/${id}`, { accept: false }),
        CooperationErrors.notPending,
      );
      expect((await list(lab, '?state=1')).records.map((r) => r.id)).toContain(id);
      expect((await list(lab, '?state=0')).records.map((r) => r.id)).not.toContain(id);

      // Both sides now list each other as partners (cooperation).
      const partners = await lab.owner.call('GET', '/api2/cust/partner?type=3');
      expect(partners.body.data.records).toEqual([
        expect.objectContaining({ id: other.custId, relations: ['cooperation'] }),
      ]);

      // Either side cancels; a second cancel is refused; the pair may apply again.
      const cancelled = await other.owner.call('DELETE', `/api2/cust/cooperation/${id}`);
      expect(cancelled.body.data).toMatchObject({
        state: 2,
        closedHow: 'cancelled',
        closedByMe: true,
        actions: [],
      });
      expect((await list(lab)).records.find((r) => r.id === id)).toMatchObject({
        state: 2,
        closedByMe: false,
      });
      refusedWith(await lab.owner.call('DELETE', `/api2/cust/cooperation/${id}`), CooperationErrors.closed);
      const again = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: other.custId });
      expect(again.body.data.state).toBe(0);
      const refused = await other.owner.call('PUT', `/api2/cust/cooperation/${again.body.data.id}`, {
        accept: false,
      });
      expect(refused.body.data).toMatchObject({ state: 2, closedHow: 'refused', closedByMe: true });
      // Live first: nothing live now, so the newest closed one leads.
      expect((await list(lab)).records[0].id).toBe(again.body.data.id);

      const actions = await t.app.platform.db
        .select({ action: auditLog.action, outcome: auditLog.outcome })
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'cooperation'), eq(auditLog.objectId, id)));
      expect(actions).toEqual(
        expect.arrayContaining([
          { action: 'cooperation.apply', outcome: 'allowed' },
          { action: 'cooperation.accept', outcome: 'allowed' },
          { action: 'cooperation.accept', outcome: 'refused' },
          { action: 'cooperation.cancel', outcome: 'allowed' },
          { action: 'cooperation.cancel', outcome: 'refused' },
        ]),
      );
    });

    it('refuses an unverified organization, an unverified or unknown partner, itself, bad input', async () => {
      const pending = await f.org({ custType: CustType.lab, status: CustStatus.underReview });
      const failed = await f.org({ status: CustStatus.auditFailed });
      refusedWith(
        await pending.owner.call('POST', '/api2/cust/cooperation', { custId: lab.custId }),
        CooperationErrors.notVerified,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: pending.custId }),
        CooperationErrors.partnerNotVerified,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: failed.custId }),
        CooperationErrors.partnerNotVerified,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: MISSING }),
        CooperationErrors.partnerNotFound,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: lab.custId }),
        CooperationErrors.self,
      );
      refusedWith(
        await lab.owner.call('POST', '/api2/cust/cooperation', { custId: 'not-a-uuid' }),
        CooperationErrors.parameter,
      );
      refusedWith(
        await lab.owner.call('PUT', `/api2/cust/cooperation/${MISSING}`, { accept: 'maybe' }),
        CooperationErrors.parameter,
      );
      refusedWith(await lab.owner.call('GET', '/api2/cust/cooperation?state=7'), CooperationErrors.parameter);

      // An organization verified when it was applied to, under review now, cannot accept (it can still refuse).
      const later = await f.org({ custType: CustType.lab });
      const res = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: later.custId });
      await t.app.platform.db
        .update(customers)
        .set({ status: CustStatus.underReview })
        .where(eq(customers.id, later.custId));
      refusedWith(
        await later.owner.call('PUT', `/api2/cust/cooperation/${res.body.data.id}`, { accept: true }),
        CooperationErrors.notVerified,
      );
      const refused = await later.owner.call('PUT', `/api2/cust/cooperation/${res.body.data.id}`, {
        accept: 'false',
      });
      expect(refused.body.data.state).toBe(2);
    });

    it("mails the other side's owners, each in their language, in the change's transaction", async () => {
      const a = await f.org({ name: `Mail Lab ${Date.now()}`, custType: CustType.lab });
      const b = await f.org({ name: `Mail Clinic ${Date.now()}` });
      const db = t.app.platform.db;
      for (const o of [a, b])
        await db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, o.owner.userId));
      await db.update(users).set({ language: 'de' }).where(eq(users.id, b.owner.userId));
      const mailTo = async (who: OrgRef) =>
        db
          .select({ subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, `${who.owner.username}@factory.test`));

      const applied = await a.owner.call('POST', '/api2/cust/cooperation', { custId: b.custId });
      const [toB] = await mailTo(b);
      expect(toB!.subject).toBe(`${a.name} beantragt eine Drittanbieter-Kooperation`);
      expect(toB!.text).toContain(b.name);
      expect(toB!.text).toContain('http://archway.test/v5/partner');
      expect(toB!.html).toContain('href="http://archway.test/v5/partner"');
      // A refusal rolls back: no mail for an application that was refused.
      await a.owner.call('POST', '/api2/cust/cooperation', { custId: b.custId });
      expect(await mailTo(b)).toHaveLength(1);

      await b.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true });
      expect((await mailTo(a)).map((m) => m.subject)).toEqual([`${b.name} accepted the cooperation`]);
      await a.owner.call('DELETE', `/api2/cust/cooperation/${applied.body.data.id}`);
      expect((await mailTo(b)).map((m) => m.subject)).toContain(
        `Die Kooperation mit ${a.name} wurde beendet`,
      );
    });

    it("answers another organization's cooperation exactly like a missing one", async () => {
      const a = await f.org();
      const b = await f.org({ custType: CustType.lab });
      const outsider = await f.org();
      const { body } = await a.owner.call('POST', '/api2/cust/cooperation', { custId: b.custId });
      const id = body.data.id as string;
      for (const [method, payload] of [
        ['PUT', { accept: true }],
        ['DELETE', undefined],
      ] as const) {
        const theirs = await outsider.owner.call(method, `/api2/cust/cooperation/${id}`, payload);
        const missing = await outsider.owner.call(method, `/api2/cust/cooperation/${MISSING}`, payload);
        refusedWith(theirs, CooperationErrors.notFound);
        expect(theirs.body).toEqual(missing.body);
      }
      expect((await list(outsider)).records).toEqual([]);
      // Still applied: the outsider changed nothing.
      expect((await list(b)).records[0]).toMatchObject({ id, state: 0 });
    });

    it('lets exactly one of two concurrent applications between a pair through', async () => {
      const a = await f.org();
      const b = await f.org({ custType: CustType.lab });
      const results = await Promise.all([
        a.owner.call('POST', '/api2/cust/cooperation', { custId: b.custId }),
        b.owner.call('POST', '/api2/cust/cooperation', { custId: a.custId }),
      ]);
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      refusedWith(
        results.find((r) => !r.body.success)!,
        CooperationErrors.exists,
      );
    });
  });

  describe('partners', () => {
    it('lists lendings, receivers and cases either way, by type, with contact details as privacy allows', async () => {
      const me = await f.org({ name: `Partner Me ${Date.now()}` });
      const lender = await f.org({
        name: `A Lender ${Date.now()}`,
        privacy: 0,
        email: 'lender@x.test',
        phone: '+1 1',
      });
      const borrower = await f.org({ name: `B Borrower ${Date.now()}`, privacy: Privacy.email });
      const lab = await f.org({
        custType: CustType.lab,
        name: `C Lab ${Date.now()}`,
        privacy: Privacy.phone,
      });
      const sender = await f.org({ name: `D Sender ${Date.now()}` });
      const stranger = await f.org({ name: `E Stranger ${Date.now()}` });
      await t.app.platform.db
        .update(customers)
        .set({ address: '1 Main St', city: 'Springfield', street: 'Main', contact: 'Dr Lab' })
        .where(eq(customers.id, lab.custId));

      const theirs = await f.device(lender);
      await f.lending(theirs, me);
      const second = await f.device(lender);
      await f.lending(second, me);
      const mine = await f.device(me);
      await f.lending(mine, borrower);
      await f.receiver(mine, lab);
      const senders = await f.device(sender);
      await f.receiver(senders, me);
      // A recalled lending and a stranger's device relate nothing.
      await f.lending(await f.device(stranger), me, { status: 'recalled' });

      const res = await me.owner.call('GET', '/api2/cust/partner?pageSize=10');
      expect(res.body.success).toBe(true);
      const rows = res.body.data.records as any[];
      expect(rows.map((r) => r.id)).toEqual([lender.custId, borrower.custId, lab.custId, sender.custId]);
      expect(res.body.data.totalRecords).toBe(4);
      expect(rows[0]).toMatchObject({
        relations: ['lendsToMe'],
        devicesLentToMe: 2,
        devicesLentFromMe: 0,
        email: 'lender@x.test',
        phone: '+1 1',
      });
      expect(rows[1]).toMatchObject({ relations: ['lendsFromMe'], devicesLentFromMe: 1, email: null });
      expect(rows[1].phone).not.toBeNull();
      expect(rows[2]).toMatchObject({
        custType: CustType.lab,
        relations: ['receivesMyScans'],
        phone: null,
        address: '1 Main St',
        city: 'Springfield',
        contact: 'Dr Lab',
      });
      expect(rows[3]).toMatchObject({ relations: ['sendsMeScans'], email: null, phone: null, address: null });

      // By type, paged, and searched by name.
      const labs = await me.owner.call('GET', '/api2/cust/partner?type=3');
      expect(labs.body.data.records.map((r: any) => r.id)).toEqual([lab.custId]);
      const second2 = await me.owner.call('GET', '/api2/cust/partner?pageSize=2&pageIndex=2');
      expect(second2.body.data).toMatchObject({ totalRecords: 4, pageIndex: 2 });
      expect(second2.body.data.records.map((r: any) => r.id)).toEqual([lab.custId, sender.custId]);
      const past = await me.owner.call('GET', '/api2/cust/partner?pageSize=2&pageIndex=9');
      expect(past.body.data).toMatchObject({ totalRecords: 4, records: [] });
      const byName = await me.owner.call('GET', `/api2/cust/partner?key=${encodeURIComponent('borrow')}`);
      expect(byName.body.data.records.map((r: any) => r.id)).toEqual([borrower.custId]);

      // The key obeys custom search and privacy: an exact e-mail only where it is shown and findable.
      const byMail = await me.owner.call('GET', '/api2/cust/partner?key=lender@x.test');
      expect(byMail.body.data.records.map((r: any) => r.id)).toEqual([lender.custId]);
      await t.app.platform.db
        .update(customers)
        .set({ searchEmail: false })
        .where(eq(customers.id, lender.custId));
      expect((await me.owner.call('GET', '/api2/cust/partner?key=lender@x.test')).body.data.records).toEqual(
        [],
      );
      await t.app.platform.db
        .update(customers)
        .set({ searchName: false })
        .where(eq(customers.id, borrower.custId));
      expect((await me.owner.call('GET', '/api2/cust/partner?key=borrow')).body.data.records).toEqual([]);

      // The other side sees the mirror relations.
      const fromLender = await lender.owner.call('GET', '/api2/cust/partner');
      expect(fromLender.body.data.records).toEqual([
        expect.objectContaining({ id: me.custId, relations: ['lendsFromMe'], devicesLentFromMe: 2 }),
      ]);

      // Cases exchanged count too, both ways, even when the routing is gone.
      const caseLab = await f.org({ custType: CustType.lab, name: `F Case Lab ${Date.now()}` });
      const routing = await f.receiver(mine, caseLab);
      await f.kase(mine, me.owner);
      await t.app.platform.db.execute(sql`delete from device_receivers where id = ${routing}`);
      const withCases = await me.owner.call('GET', '/api2/cust/partner?type=3');
      expect(withCases.body.data.records.map((r: any) => [r.id, r.relations])).toEqual([
        [lab.custId, ['receivesMyScans']],
        [caseLab.custId, ['receivesMyScans']],
      ]);
      const fromCaseLab = await caseLab.owner.call('GET', '/api2/cust/partner');
      expect(fromCaseLab.body.data.records).toEqual([
        expect.objectContaining({ id: me.custId, relations: ['sendsMeScans'] }),
      ]);
    });

    it('refuses bad input with its parameter code, and an organization with nobody lists nobody', async () => {
      const lonely = await f.org();
      const res = await lonely.owner.call('GET', '/api2/cust/partner?type=9');
      expect(res.body).toMatchObject({ success: false, errorCode: -1, data: { key: 'partner.parameter' } });
      const empty = await lonely.owner.call('GET', '/api2/cust/partner');
      expect(empty.body.data).toMatchObject({ records: [], totalRecords: 0 });
    });
  });
});
