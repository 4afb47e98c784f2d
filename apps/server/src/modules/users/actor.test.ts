import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { factories, type Factories } from '../../testing/factories.ts';
import { users } from '../account/users.schema.ts';
import { actorFor } from './users.service.ts';

/** The actor of a request comes from one statement: the enabled user and the organization its token acts for. */
describe.each(engines)('the actor of a request (%s)', (engine) => {
  let t: TestApp;
  let f: Factories;
  beforeAll(async () => {
    t = await createTestApp(engine, { ARCHWAY_DEMO: 'false' });
    f = factories(t.app);
  });
  afterAll(() => t.close());
  const actor = (userId: string, custId?: string) => actorFor(t.app.platform.db, userId, custId);

  it('acts for the organization the token names when the user belongs to it, else the oldest membership', async () => {
    const first = await f.org();
    const second = await f.org({ name: `A second ${Date.now()}` });
    const stranger = await f.org();
    const person = await f.user(first);
    await f.membership(person, second);

    expect(await actor(person.userId)).toEqual({
      userId: person.userId,
      username: person.username,
      custId: first.custId,
      custType: 2,
      isAdmin: false,
    });
    expect((await actor(person.userId, second.custId))?.custId).toBe(second.custId);
    // An organization the user does not belong to is not granted: the oldest membership instead.
    expect((await actor(person.userId, stranger.custId))?.custId).toBe(first.custId);
    expect((await actor(person.userId, 'not-a-uuid'))?.custId).toBe(first.custId);
  });

  it('has no organization without a membership, and no actor when disabled or unknown', async () => {
    const loner = await f.user();
    expect(await actor(loner.userId)).toMatchObject({ custId: null, custType: null, isAdmin: false });
    await t.app.platform.db.update(users).set({ disabled: true }).where(eq(users.id, loner.userId));
    expect(await actor(loner.userId)).toBeUndefined();
    expect(await actor('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('a remembered token still meets a disabled user: the token is verified once, the user every time', async () => {
    const org = await f.org();
    expect((await org.owner.call('GET', '/api2/cust')).body.success).toBe(true);
    await t.app.platform.db.update(users).set({ disabled: true }).where(eq(users.id, org.owner.userId));
    const res = await org.owner.call('GET', '/api2/cust');
    expect(res.status).toBe(401);
  });
});
