import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustStatus, CustType } from '@archway/contract';
import { outboxSettled } from '../../testing/outbox.ts';
import { sentTo, startRelay, type Relay } from '../../testing/smtp-relay.ts';
import { createTestApp, engines, PUBLIC_URL, type TestApp } from '../../testing/test-app.ts';
import { factories, platformAdmin, type Factories, type PersonRef } from '../../testing/factories.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { users } from '../account/users.schema.ts';
import { actorFor } from '../users/users.service.ts';
import { createCase } from '../cases/cases.service.ts';
import { queuePreview } from '../scans/scans.jobs.ts';
import { sampleArchPly } from '../cases/sample-scan.ts';
import { jobs } from '../../platform/jobs/jobs.schema.ts';
import { notices, notificationMails } from './notices.schema.ts';
import { caseReceived } from './case-notices.ts';
import { remindExpiring } from './device-notices.ts';

const SETTINGS_LINK = `${PUBLIC_URL}/v5/home?settings=mail`;

describe.each(engines)('notification mails, notices and service contacts (%s)', (engine) => {
  let t: TestApp;
  let relay: Relay;
  let f: Factories;

  beforeAll(async () => {
    relay = await startRelay();
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false', SMTP_URL: relay.url });
    f = factories(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  const db = () => t.app.platform.db;
  const address = (p: PersonRef) => `${p.username}@factory.test`;
  /** The mails the relay received for this person, once at least `n` have arrived. */
  const mailsTo = (p: PersonRef, n: number) => relay.waitFor(sentTo(address(p)), n, { what: address(p) });
  /**
   * The barrier for asserting that nothing more arrives: every mail queued so far (in the transactions of the calls
   * that returned) has reached the relay once the outbox has none pending.
   */
  const settle = () => outboxSettled(db());
  const noticesOf = (p: PersonRef, kind: string) =>
    db()
      .select()
      .from(notices)
      .where(and(eq(notices.userId, p.userId), eq(notices.kind, kind)));
  const setUser = (p: PersonRef, values: Partial<typeof users.$inferInsert>) =>
    db().update(users).set(values).where(eq(users.id, p.userId));

  async function newCase(device: Awaited<ReturnType<Factories['device']>>, by: PersonRef) {
    const body = sampleArchPly({ seed: Math.floor(Math.random() * 1000) });
    const key = `cases/${randomUUID()}`;
    const stored = await t.app.platform.storage.put(key, body);
    const actor = await actorFor(db(), by.userId, by.custId);
    const { id } = await createCase(
      db(),
      actor!,
      {},
      {
        deviceSerial: device.serial,
        order: { caseType: 3, patientName: 'Pat Ient' },
        files: [{ key, name: 'upper.ply', size: stored.size, sha256: stored.sha256, format: 'ply' }],
        crypto: false,
      },
      t.app.platform,
      queuePreview,
    );
    return id;
  }

  describe('case receipt', () => {
    /**
     * A clinic whose device sends to a lab: the lab's first member reads English, a colleague German, and another
     * has unsubscribed from case mails. Every test makes its own.
     */
    async function receipt() {
      const clinic = await f.org();
      const lab = await f.org({ custType: CustType.lab });
      const german = await f.user(lab);
      const quiet = await f.user(lab);
      await setUser(german, { language: 'de' });
      await setUser(quiet, { caseEmailNotice: false });
      const device = await f.device(clinic);
      await f.receiver(device, lab);
      return { clinic, lab, german, quiet, device };
    }

    it('mails each subscribed member of the receiving organization once, in their language, with the settings link', async () => {
      const { clinic, lab, german, quiet, device } = await receipt();
      const id = await newCase(device, clinic.owner);
      const [en] = await mailsTo(lab.owner, 1);
      const [de] = await mailsTo(german, 1);
      expect(en?.subject).toBe(`New case from ${clinic.name}`);
      expect(en?.text).toContain(`${clinic.name} sent a new case to ${lab.name}`);
      expect(en?.text).toContain(SETTINGS_LINK);
      expect(en?.text).toContain(`${PUBLIC_URL}/v5/case/${id}`);
      expect(de?.text).toContain(`${PUBLIC_URL}/v5/case/${id}`);
      expect(de?.subject).toBe(`Neuer Fall von ${clinic.name}`);
      expect(de?.text).toContain(SETTINGS_LINK);
      await settle();
      expect(await mailsTo(quiet, 0)).toHaveLength(0);
      // The sender's side is not told about its own case.
      expect(await mailsTo(clinic.owner, 0)).toHaveLength(0);

      // Every member gets the notice (the bell), subscribed to mail or not.
      for (const p of [lab.owner, german, quiet]) {
        const [n] = await noticesOf(p, 'newCase');
        expect(n).toMatchObject({ caseId: id, sendId: clinic.custId, payload: { org: clinic.name } });
      }
      expect(await noticesOf(clinic.owner, 'newCase')).toHaveLength(0);

      // Told again about the same case: no second mail.
      await db().transaction((tx) =>
        caseReceived(tx, t.app.platform, {
          caseId: id,
          senderCustId: clinic.custId,
          receivers: [lab.custId],
        }),
      );
      await settle();
      expect(await mailsTo(lab.owner, 1)).toHaveLength(1);
      expect(await mailsTo(german, 1)).toHaveLength(1);
      const claimed = await db().select().from(notificationMails).where(eq(notificationMails.objectId, id));
      expect(claimed).toHaveLength(2);
    });

    it('unsubscribing takes effect at once; subscribing too', async () => {
      const { clinic, lab, german, quiet, device } = await receipt();
      // A first case while the German colleague is subscribed and the quiet one is not.
      await newCase(device, clinic.owner);
      expect(await mailsTo(lab.owner, 1)).toHaveLength(1);
      expect(await mailsTo(german, 1)).toHaveLength(1);
      await settle();
      expect(await mailsTo(quiet, 0)).toHaveLength(0);

      await setUser(german, { caseEmailNotice: false });
      await setUser(quiet, { caseEmailNotice: true });
      await newCase(device, clinic.owner);
      expect(await mailsTo(lab.owner, 2)).toHaveLength(2);
      expect(await mailsTo(quiet, 1)).toHaveLength(1);
      await settle();
      expect(await mailsTo(german, 1)).toHaveLength(1);
    });

    it('a forwarded case is mailed to the third party as a new case, once', async () => {
      const { clinic, lab, device } = await receipt();
      const third = await f.org({ custType: CustType.lab });
      const applied = await lab.owner.call('POST', '/api2/cust/cooperation', { custId: third.custId });
      expectOk(
        await third.owner.call('PUT', `/api2/cust/cooperation/${applied.body.data.id}`, { accept: true }),
      );
      const id = await newCase(device, clinic.owner);
      expect(await mailsTo(lab.owner, 1)).toHaveLength(1);
      await settle();
      const before = (await mailsTo(lab.owner, 0)).length;
      expectOk(await lab.owner.call('POST', '/api/case/forward', { id, custId: third.custId }));
      const [mail] = await mailsTo(third.owner, 1);
      expect(mail?.subject).toBe(`New case from ${lab.name}`);
      const [n] = await noticesOf(third.owner, 'newCase');
      expect(n).toMatchObject({ caseId: id, sendId: lab.custId });
      await settle();
      // The lab that forwarded it is not mailed about it again.
      expect(await mailsTo(lab.owner, 0)).toHaveLength(before);
    });
  });

  describe('device changes', () => {
    /**
     * A lab owns the device Blue; a colleague works there. A clinic and its member (French, no device mails) are
     * the other side. Every test makes its own.
     */
    async function lending() {
      const lab = await f.org({ name: `Lending Lab ${randomUUID().slice(0, 8)}`, custType: CustType.lab });
      const colleague = await f.user(lab);
      const clinic = await f.org({ name: `Borrow Clinic ${randomUUID().slice(0, 8)}` });
      const clinicMate = await f.user(clinic);
      await setUser(clinicMate, { equipEmailNotice: false, language: 'fr' });
      const device = await f.device(lab, { name: 'Blue' });
      return { lab, colleague, clinic, clinicMate, device };
    }

    it('lending and recalling tell both organizations, not the person who did it', async () => {
      const { lab, colleague, clinic, clinicMate, device } = await lending();
      expectOk(
        await lab.owner.call('POST', '/api2/device/scan/auth', {
          number: device.serial,
          secret: device.bindCode,
          custIds: [clinic.custId],
          expireTime: '1m',
        }),
      );
      const [toClinic] = await mailsTo(clinic.owner, 1);
      expect(toClinic?.subject).toBe(`Device Blue (${device.serial}) authorized`);
      expect(toClinic?.text).toContain(
        `${lab.name} authorized ${clinic.name} to use the device Blue (${device.serial}) until`,
      );
      expect(toClinic?.text).toContain(SETTINGS_LINK);
      expect(toClinic?.text).toContain(`${PUBLIC_URL}/v5/device`);
      expect(await mailsTo(colleague, 1)).toHaveLength(1);
      for (const p of [clinic.owner, clinicMate, colleague])
        expect(await noticesOf(p, 'deviceLent')).toHaveLength(1);
      expect(await noticesOf(lab.owner, 'deviceLent')).toHaveLength(0);
      await settle();
      expect(await mailsTo(clinicMate, 0)).toHaveLength(0);
      expect(await mailsTo(lab.owner, 0)).toHaveLength(0);

      const manageable = await lab.owner.call('POST', '/api2/device/scan/manageable', {
        keyword: device.serial,
      });
      const authId = manageable.body.data.records[0].authorizations[0].id as string;
      expectOk(await lab.owner.call('DELETE', '/api2/device/scan/auth', { id: authId }));
      const recalled = await mailsTo(clinic.owner, 2);
      expect(recalled[1]?.subject).toBe(`Device Blue (${device.serial}): authorization recalled`);
      const [n] = await noticesOf(clinicMate, 'deviceRecalled');
      expect(n).toMatchObject({ objectId: authId, payload: { serial: device.serial, from: lab.name } });
    });

    it('a transfer tells the new owner; a binding tells the colleagues', async () => {
      const { lab, colleague, clinic, clinicMate } = await lending();
      const other = await f.device(lab, { name: 'Red' });
      expectOk(
        await lab.owner.call('POST', '/api2/device/scan/resell', {
          number: other.serial,
          secret: other.bindCode,
          custId: clinic.custId,
        }),
      );
      const mails = await mailsTo(clinic.owner, 1);
      expect(mails.map((m) => m.subject)).toEqual([`Device Red (${other.serial}) transferred`]);
      expect(await noticesOf(clinicMate, 'deviceTransferred')).toHaveLength(1);
      const told = (await mailsTo(colleague, 1)).length;

      const reg = await f.registered();
      expectOk(
        await lab.owner.call('POST', '/api2/device/scan/regist', {
          number: reg.serial,
          secret: reg.bindCode,
          name: 'Green',
        }),
      );
      const toColleague = await mailsTo(colleague, told + 1);
      expect(toColleague).toHaveLength(told + 1);
      expect(toColleague.at(-1)?.subject).toBe(`Device Green (${reg.serial}) bound`);
      expect(await noticesOf(lab.owner, 'deviceBound')).toHaveLength(0);
    });

    it('an authorization ending within 7 days is told once by the daily reminder', async () => {
      // No other test of this file lends for less than 7 days: the reminder finds this one only.
      const { lab, colleague, clinic, clinicMate } = await lending();
      const soon = await f.device(lab, { name: 'Soon' });
      const later = await f.device(lab, { name: 'Later' });
      await f.lending(soon, clinic, { expiresAt: new Date(Date.now() + 3 * 86400_000) });
      await f.lending(later, clinic, { expiresAt: new Date(Date.now() + 10 * 86400_000) });
      const due = () =>
        db()
          .update(jobs)
          .set({ runAt: new Date(0) })
          .where(eq(jobs.name, 'notices.deviceExpiring'));
      const before = (await mailsTo(clinic.owner, 0)).length;
      await due();
      const told = await remindExpiring(t.app.platform);
      expect(told.map((n) => n.userId).sort()).toEqual(
        [lab.owner, colleague, clinic.owner, clinicMate].map((p) => p.userId).sort(),
      );
      const mails = await mailsTo(clinic.owner, before + 1);
      expect(mails.at(-1)?.subject).toBe(`The authorization for Soon (${soon.serial}) ends soon`);
      expect(mails.at(-1)?.text).toContain(SETTINGS_LINK);

      await due();
      expect(await remindExpiring(t.app.platform)).toHaveLength(0);
      await settle();
      expect(await mailsTo(clinic.owner, 0)).toHaveLength(before + 1);
      expect(await noticesOf(clinicMate, 'deviceExpiring')).toHaveLength(1);
    });
  });

  it("a certification decision leaves a notice for the organization's owners only", async () => {
    const founder = await f.user();
    const made = await founder.call('POST', '/api2/cust', {
      name: 'Review Lab',
      custType: 3,
      contact: 'Rita',
      phone: '+1 555 0100',
      creditCode: 'CC-9',
      email: 'review@lab.test',
    });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const custId = made.body.data.id as string;
    const member = await f.user({ custId });
    const admin = await platformAdmin(t.app);
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api2/admin/cust/${custId}/audit`,
      headers: admin.headers,
      payload: { status: CustStatus.auditFailed, reason: 'Licence unreadable' },
    });
    expect(decided.json().success, decided.body).toBe(true);
    const [n] = await noticesOf(founder, 'certification');
    expect(n).toMatchObject({
      objectId: custId,
      payload: { outcome: 'refused', org: 'Review Lab', reason: 'Licence unreadable' },
    });
    expect(await noticesOf(member, 'certification')).toHaveLength(0);
  });

  describe('service contacts', () => {
    const contacts = {
      preSales: { text: 'Questions before buying', phone: '+1 555 0100', email: 'sales@archway.test' },
      afterSales: { text: 'Help with your scanner', phone: '+1 555 0200', email: 'support@archway.test' },
    };

    it('only the administrator sets them (code 100 otherwise); invalid details are refused', async () => {
      const someone = await f.org();
      expectCode(await someone.owner.call('PUT', '/api2/admin/service/contacts', contacts), 100);
      expectCode(await someone.owner.call('GET', '/api2/admin/service/contacts'), 100);
      const admin = (await platformAdmin(t.app)).headers;
      const put = (payload: unknown) =>
        t.app.inject({
          method: 'PUT',
          url: '/api2/admin/service/contacts',
          headers: admin,
          payload: payload as object,
        });
      const bad = await put({ ...contacts, afterSales: { ...contacts.afterSales, email: 'not-mail' } });
      expect(bad.json()).toMatchObject({ success: false, errorCode: 400 });
      expect((await put(contacts)).json()).toMatchObject({ success: true, data: contacts });
      const read = await t.app.inject({ method: 'GET', url: '/api2/admin/service/contacts', headers: admin });
      expect(read.json().data).toEqual(contacts);
    });

    it('answers pre-sales to organizations not verified or without devices, after-sales to the others', async () => {
      const admin = await platformAdmin(t.app);
      expectOk(await admin.call('PUT', '/api2/admin/service/contacts', contacts));
      const desk = async (p: PersonRef) => {
        const res = await p.call('GET', '/api/service/contacts');
        expect(res.status).toBe(200);
        return res.body.data as { desk: string; contact: unknown };
      };
      const unverified = await f.org({ status: CustStatus.underReview });
      await f.device(unverified);
      expect(await desk(unverified.owner)).toEqual({ desk: 'preSales', contact: contacts.preSales });
      const empty = await f.org();
      expect((await desk(empty.owner)).desk).toBe('preSales');
      const owner = await f.org();
      const d = await f.device(owner);
      expect(await desk(owner.owner)).toEqual({ desk: 'afterSales', contact: contacts.afterSales });
      const borrower = await f.org();
      await f.lending(d, borrower);
      expect((await desk(borrower.owner)).desk).toBe('afterSales');
      const loner = await f.user(null);
      expect((await desk(loner)).desk).toBe('preSales');
      expect((await t.app.inject({ method: 'GET', url: '/api/service/contacts' })).statusCode).toBe(401);
    });

    it('answers no contact for a desk that has not been set (the bell and help then show no entry)', async () => {
      const admin = await platformAdmin(t.app);
      const none = { text: '', phone: '', email: '' };
      expectOk(await admin.call('PUT', '/api2/admin/service/contacts', { ...contacts, afterSales: none }));
      const desk = async (p: PersonRef) =>
        (await p.call('GET', '/api/service/contacts')).body.data as unknown;
      const newcomer = await f.org({ status: CustStatus.underReview });
      expect(await desk(newcomer.owner)).toEqual({ desk: 'preSales', contact: contacts.preSales });
      const owner = await f.org();
      await f.device(owner);
      expect(await desk(owner.owner)).toEqual({ desk: 'afterSales', contact: null });
      // Only the phone set is enough to show the desk.
      const phoneOnly = { ...none, phone: '+1 555 0300' };
      expectOk(
        await admin.call('PUT', '/api2/admin/service/contacts', { ...contacts, afterSales: phoneOnly }),
      );
      expect(await desk(owner.owner)).toEqual({ desk: 'afterSales', contact: phoneOnly });
    });
  });
});
