import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CustType, Privacy } from '@archway/contract';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories, type OrgRef, type PersonRef } from '../../testing/factories.ts';
import { expectCode, expectOk } from '../../testing/api.ts';
import { customers, memberships } from './orgs.schema.ts';

describe.each(engines)('settings drawer: subscription, custom search, privacy (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  let org: OrgRef;
  let admin: PersonRef;
  let member: PersonRef;

  /** Factories add every person as a member; the organization's administrator is role `owner`. */
  const makeAdministrator = async (o: OrgRef) => {
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, o.owner.userId), eq(memberships.custId, o.custId)));
    return o.owner;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  // Every test its own lab, with its administrator and a member.
  beforeEach(async () => {
    org = await f.org({ custType: CustType.lab, phone: '+1 555 0101' });
    admin = await makeAdministrator(org);
    member = await f.user(org);
  });

  describe('e-mail subscription (type 0, per person)', () => {
    it('is on by default, written per person, and persists', async () => {
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=0&_t=1'))).toEqual({
        CaseEmailNotice: true,
        EquipEmailNotie: true,
      });
      expect(
        expectOk(
          await member.call('POST', '/cust/clinic/setting', {
            type: 0,
            CaseEmailNotice: false,
            EquipEmailNotie: true,
          }),
        ),
      ).toEqual({ res: 0 });
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=0'))).toEqual({
        CaseEmailNotice: false,
        EquipEmailNotie: true,
      });
      // Another person of the same organization keeps their own.
      expect(expectOk(await admin.call('GET', '/cust/clinic/setting?type=0')).CaseEmailNotice).toBe(true);
      // A person without an organization has a subscription too.
      const alone = await f.user(null);
      expectOk(
        await alone.call('POST', '/cust/clinic/setting', {
          type: 0,
          CaseEmailNotice: true,
          EquipEmailNotie: false,
        }),
      );
      expect(expectOk(await alone.call('GET', '/cust/clinic/setting?type=0')).EquipEmailNotie).toBe(false);
    });

    it('answers each res code', async () => {
      // -1: the load had no type.
      const noType = await member.call('GET', '/cust/clinic/setting');
      expectCode(noType, -1);
      expect(noType.body.data.key).toBe('setting.emailUpdateNoSuccess');
      // -3: a type that does not exist, read or written.
      const unknown = await member.call('GET', '/cust/clinic/setting?type=7');
      expectCode(unknown, -3);
      expect(unknown.body.data).toMatchObject({ key: 'setting.emailUpdateNoExit', res: -3 });
      expectCode(await member.call('POST', '/cust/clinic/setting', { type: 9, a: 1 }), -3);
      // -4: wrong values for the type.
      const bad = await member.call('POST', '/cust/clinic/setting', { type: 0, CaseEmailNotice: 'yes' });
      expectCode(bad, -4);
      expect(bad.body.data).toMatchObject({ key: 'setting.emailUpdateError', res: -4 });
      expectCode(await member.call('POST', '/cust/clinic/setting', { type: 'zero' }), -4);
      expectCode(await admin.call('POST', '/cust/clinic/setting', { type: 3, fontColor: 'red;' }), -4);
      // -2: organization settings by a member who is not its administrator.
      const warn = await member.call('POST', '/cust/clinic/setting', {
        type: 1,
        CustEmailNotice: false,
        CustPhoneNotice: false,
        CustNameNotice: false,
      });
      expectCode(warn, -2);
      expect(warn.status).toBe(403);
      expect(warn.body.data.key).toBe('setting.emailUpdatesWarning');
      // Without a token: 401.
      expect((await t.app.inject({ method: 'GET', url: '/cust/clinic/setting?type=0' })).statusCode).toBe(
        401,
      );
    });
  });

  describe("the organization's settings (types 1-3)", () => {
    it('custom search, introduction and colour: read by members, written by the administrator', async () => {
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=1'))).toEqual({
        CustEmailNotice: true,
        CustPhoneNotice: true,
        CustNameNotice: true,
      });
      expectOk(
        await admin.call('POST', '/cust/clinic/setting', {
          type: 1,
          CustEmailNotice: true,
          CustPhoneNotice: false,
          CustNameNotice: true,
        }),
      );
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=1')).CustPhoneNotice).toBe(false);
      expectOk(
        await admin.call('POST', '/cust/clinic/setting', { type: 2, introduction: '  Crowns in 2 days  ' }),
      );
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=2'))).toEqual({
        introduction: 'Crowns in 2 days',
      });
      expectOk(await admin.call('POST', '/cust/clinic/setting', { type: 3, fontColor: '#1677ff' }));
      expect(expectOk(await member.call('GET', '/cust/clinic/setting?type=3'))).toEqual({
        fontColor: '#1677ff',
      });
      expectOk(
        await admin.call('POST', '/cust/clinic/setting', {
          type: 1,
          CustEmailNotice: true,
          CustPhoneNotice: true,
          CustNameNotice: true,
        }),
      );
    });

    it('another organization reads its own settings, never this one', async () => {
      const other = await f.org();
      expect(expectOk(await other.owner.call('GET', '/cust/clinic/setting?type=2'))).toEqual({
        introduction: '',
      });
    });
  });

  describe('user custom search (/user/find/setting, /user/check/setting)', () => {
    it('finds a person by name only by default, persists, and refuses bad values with res -2', async () => {
      expect(expectOk(await member.call('GET', '/user/find/setting'))).toEqual({
        emailNotice: false,
        phoneNotice: false,
        nameNotice: true,
      });
      expect(
        expectOk(
          await member.call('POST', '/user/check/setting', {
            emailNotice: false,
            phoneNotice: true,
            nameNotice: false,
          }),
        ),
      ).toEqual({ res: 0 });
      expect(expectOk(await member.call('GET', '/user/find/setting'))).toEqual({
        emailNotice: false,
        phoneNotice: true,
        nameNotice: false,
      });
      const bad = await member.call('POST', '/user/check/setting', { emailNotice: 'no' });
      expectCode(bad, -2);
      expect(bad.body.data.key).toBe('userSetting.emailUpdateError');
    });
  });

  describe('privacy (/api2/cust/privacy)', () => {
    it('reads, shows (DELETE clears the hide bit) and hides (PUT sets it) one bit at a time; the master switch sequence', async () => {
      const p = await f.org({ name: 'Privacy Clinic' });
      const owner = await makeAdministrator(p);
      expect(expectOk(await owner.call('GET', '/api2/cust/privacy'))).toEqual({
        custId: p.custId,
        privacy: 14,
      });
      // Switching on removes the e-mail bit (2), then the phone bit (4): DELETE with the hide bit (calls §7.5).
      expect(expectOk(await owner.call('DELETE', '/api2/cust/privacy?privacy=2')).privacy).toBe(12);
      expect(expectOk(await owner.call('DELETE', '/api2/cust/privacy?privacy=4')).privacy).toBe(8);
      expectOk(
        await owner.call('POST', '/cust/clinic/setting', {
          type: 1,
          CustEmailNotice: true,
          CustPhoneNotice: true,
          CustNameNotice: true,
        }),
      );
      // The same bit twice changes nothing.
      expect(expectOk(await owner.call('DELETE', '/api2/cust/privacy?privacy=4')).privacy).toBe(8);
      // Address (8) visible: everything is visible, the mask is 0.
      expect(expectOk(await owner.call('DELETE', '/api2/cust/privacy?privacy=8')).privacy).toBe(0);
      // Switching off: PUT sets every hide bit again, notices false.
      expect(expectOk(await owner.call('PUT', '/api2/cust/privacy?privacy=2')).privacy).toBe(2);
      for (const bit of [4, 8]) expectOk(await owner.call('PUT', `/api2/cust/privacy?privacy=${bit}`));
      expectOk(
        await owner.call('POST', '/cust/clinic/setting', {
          type: 1,
          CustEmailNotice: false,
          CustPhoneNotice: false,
          CustNameNotice: false,
        }),
      );
      expect(expectOk(await owner.call('GET', `/api2/cust/privacy?custId=${p.custId}`)).privacy).toBe(14);
      // Any member may read another organization's mask (search results carry it too).
      expect(expectOk(await member.call('GET', `/api2/cust/privacy?custId=${p.custId}`)).privacy).toBe(14);
    });

    it('answers each refusal code', async () => {
      const p = await f.org();
      const owner = await makeAdministrator(p);
      const plain = await f.user(p);
      const notAdminUpdate = await plain.call('PUT', '/api2/cust/privacy?privacy=2');
      expectCode(notAdminUpdate, -2);
      expect(notAdminUpdate.body.data.key).toBe('privacy.permissionUpdateFailed');
      const notAdminDelete = await plain.call('DELETE', '/api2/cust/privacy?privacy=2');
      expectCode(notAdminDelete, -3);
      expect(notAdminDelete.body.data.key).toBe('privacy.permissionDeleteFailed');
      expectCode(await owner.call('PUT', '/api2/cust/privacy?privacy=3'), -2);
      expectCode(await owner.call('PUT', '/api2/cust/privacy'), -2);
      expectCode(await owner.call('DELETE', '/api2/cust/privacy?privacy=16'), -3);
      const unknown = await owner.call(
        'GET',
        '/api2/cust/privacy?custId=00000000-0000-4000-8000-000000000000',
      );
      expectCode(unknown, -1);
      expect(unknown.body.data.key).toBe('privacy.loadPermissionFailed');
      expectCode(await owner.call('GET', '/api2/cust/privacy?custId=nope'), -1);
      // Another organization's administrator changes only its own mask.
      const other = await f.org();
      const otherAdmin = await makeAdministrator(other);
      expectOk(await otherAdmin.call('DELETE', '/api2/cust/privacy?privacy=2'));
      expect(expectOk(await owner.call('GET', '/api2/cust/privacy')).privacy).toBe(14);
      const [row] = await t.app.platform.db
        .select({ privacy: customers.privacy })
        .from(customers)
        .where(eq(customers.id, other.custId));
      expect(row!.privacy).toBe(12);
    });
  });

  describe('receiver search (/cust/clinic/find) obeys custom search and privacy', () => {
    it('finds by name, e-mail and phone only as each flag and bit allows', async () => {
      const target = await f.org({
        name: 'Visible Dental Lab',
        custType: CustType.lab,
        email: 'front@visible.test',
        phone: '+1 555 0777',
        privacy: 0,
      });
      const owner = await makeAdministrator(target);
      const searcher = (await f.org()).owner;
      const find = async (key: string) =>
        expectOk(await searcher.call('GET', `/cust/clinic/find?key=${encodeURIComponent(key)}`)) as {
          id: string;
          email: string | null;
          phone: string | null;
        }[];
      const ids = async (key: string) => (await find(key)).map((r) => r.id);
      const search = (name: boolean, email: boolean, phone: boolean) =>
        owner.call('POST', '/cust/clinic/setting', {
          type: 1,
          CustNameNotice: name,
          CustEmailNotice: email,
          CustPhoneNotice: phone,
        });

      expect(await ids('Visible Dental')).toEqual([target.custId]);
      expect(await ids('front@visible.test')).toEqual([target.custId]);
      expect(await ids('+1 555 0777')).toEqual([target.custId]);
      const [shown] = await find('Visible Dental');
      expect(shown).toMatchObject({ email: 'front@visible.test', phone: '+1 555 0777' });

      expectOk(await search(false, true, true));
      expect(await ids('Visible Dental')).toEqual([]);
      expect(await ids('front@visible.test')).toEqual([target.custId]);
      expectOk(await search(true, false, true));
      expect(await ids('Visible Dental')).toEqual([target.custId]);
      expect(await ids('front@visible.test')).toEqual([]);
      expect(await ids('+1 555 0777')).toEqual([target.custId]);
      expectOk(await search(true, true, false));
      expect(await ids('+1 555 0777')).toEqual([]);
      expect(await ids('front@visible.test')).toEqual([target.custId]);
      expectOk(await search(true, true, true));

      // Privacy: hiding the e-mail (PUT sets bit 2) hides it in results and from search by e-mail; phone likewise (4).
      expectOk(await owner.call('PUT', '/api2/cust/privacy?privacy=2'));
      expect(await ids('front@visible.test')).toEqual([]);
      const [hidden] = await find('Visible Dental');
      expect(hidden).toMatchObject({ email: null, phone: '+1 555 0777', privacy: Privacy.email });
      expectOk(await owner.call('PUT', '/api2/cust/privacy?privacy=4'));
      expect(await ids('+1 555 0777')).toEqual([]);
      expect((await find('Visible Dental'))[0]).toMatchObject({ email: null, phone: null });
      // DELETE removes the hide bit: the e-mail shows again.
      expectOk(await owner.call('DELETE', '/api2/cust/privacy?privacy=2'));
      expect((await find('Visible Dental'))[0]).toMatchObject({ email: 'front@visible.test', phone: null });
    });
  });
});
