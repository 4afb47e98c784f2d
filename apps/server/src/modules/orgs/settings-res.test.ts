import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { memberships } from './orgs.schema.ts';

/**
 * Calls-and-errors §8.4 (issue 23 fidelity 8): every failure of the notification settings comes back with its `res`
 * in `data.res`, where the spec's client reads it, as well as the errorCode: the refusals the service decides and
 * the invalid input the route's schema refuses alike.
 */
describe('notification settings: every refusal carries res (§8.4)', () => {
  let t: TestApp;
  let f: Factories;

  beforeAll(async () => {
    t = await createTestApp('postgres', { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());

  /** The refusal's errorCode, its `data.res`, and its catalogue key. */
  const refusal = async (answer: Promise<{ status: number; body: any }>) => {
    const { body } = await answer;
    expect(body.success).toBe(false);
    return { errorCode: body.errorCode, res: body.data?.res, key: body.data?.key };
  };

  it('POST /user/check/setting: invalid values are res -2', async () => {
    const person = await f.user(null);
    expect(await refusal(person.call('POST', '/user/check/setting', { emailNotice: 'no' }))).toEqual({
      errorCode: -2,
      res: -2,
      key: 'userSetting.emailUpdateError',
    });
    expect(await refusal(person.call('POST', '/user/check/setting', {}))).toMatchObject({ res: -2 });
  });

  it('POST /cust/clinic/setting: -2 not the administrator, -3 unknown type, -4 invalid values', async () => {
    const org = await f.org();
    await t.app.platform.db
      .update(memberships)
      .set({ role: 'owner' })
      .where(and(eq(memberships.userId, org.owner.userId), eq(memberships.custId, org.custId)));
    const member = await f.user(org);
    const write = (who: typeof member, body: unknown) =>
      refusal(who.call('POST', '/cust/clinic/setting', body));
    expect(
      await write(member, { type: 1, CustEmailNotice: true, CustPhoneNotice: true, CustNameNotice: true }),
    ).toEqual({ errorCode: -2, res: -2, key: 'setting.emailUpdatesWarning' });
    expect(await write(member, { type: 9, a: 1 })).toMatchObject({ errorCode: -3, res: -3 });
    // Invalid for the type (the service), and invalid for any type (the route's schema): both -4.
    expect(await write(member, { type: 0, CaseEmailNotice: 'yes' })).toMatchObject({
      errorCode: -4,
      res: -4,
    });
    expect(await write(member, { type: 'zero' })).toEqual({
      errorCode: -4,
      res: -4,
      key: 'setting.emailUpdateError',
    });
    expect(await write(org.owner, { type: 3, fontColor: 'red;' })).toMatchObject({ errorCode: -4, res: -4 });
  });

  it('GET /cust/clinic/setting: the load failure is res -1, an unknown type -3', async () => {
    const person = await f.user(null);
    expect(await refusal(person.call('GET', '/cust/clinic/setting'))).toEqual({
      errorCode: -1,
      res: -1,
      key: 'setting.emailUpdateNoSuccess',
    });
    expect(await refusal(person.call('GET', '/cust/clinic/setting?type=7'))).toMatchObject({
      errorCode: -3,
      res: -3,
    });
  });
});
