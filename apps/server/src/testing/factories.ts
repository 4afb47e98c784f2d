import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CustStatus, CustType, PERMANENT_DATE, Privacy, type CaseOrder } from '@archway/contract';
import { customers, memberships } from '../modules/orgs/orgs.schema.ts';
import { users } from '../modules/account/users.schema.ts';
import {
  deviceAuths,
  deviceReceivers,
  deviceRegistry,
  devices,
  deviceUsers,
} from '../modules/devices/devices.schema.ts';
import { createCase } from '../modules/cases/cases.service.ts';
import { queuePreview } from '../modules/scans/scans.jobs.ts';
import { sampleArchPly } from '../modules/cases/sample-scan.ts';
import { actorFor } from '../modules/users/users.service.ts';
import type { Caller } from './api.ts';

/**
 * Test data in one line each, straight into the database (no demo seed, no order between tests):
 *
 *   const f = factories(app);
 *   const clinic = await f.org();                       // an organization with one signed-in user
 *   const nurse = await f.user(clinic);                 // another member, signed in
 *   const device = await f.device(clinic);              // a registered, bound device (code '123456')
 *   const lending = await f.lending(device, lab);       // lent to lab for a year
 *   await f.deviceUser(device, nurse);                  // a device-user window, added by the owner
 *   await f.receiver(device, lab);                      // lab receives the device's scans
 *   const caseId = await f.kase(device, clinic.owner);  // a case sent with the device, routed to its receivers
 *
 * Every person comes with a `Caller` whose token is minted directly (no password hashing).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const uid = () => randomBytes(5).toString('hex');
let seq = 0;

export interface OrgRef {
  custId: string;
  name: string;
  /** The user who created the organization (its first member), signed in. */
  owner: PersonRef;
}
/** A signed-in person; `call` takes extra headers (e.g. X-Time-Zone) as a fourth argument. */
export interface PersonRef extends Caller {
  custId: string;
  /** `{ authorization: 'Bearer …' }`, for calls that do not answer JSON (downloads). */
  headers: { authorization: string };
  call(
    method: Method,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
}
export interface DeviceRef {
  deviceId: string;
  serial: string;
  bindCode: string;
  ownerCustId: string;
  ownerUserId: string;
}

export function factories(app: FastifyInstance) {
  const { db, tokens, config, storage } = app.platform;

  async function callerOf(userId: string, username: string, custId: string | null): Promise<PersonRef> {
    const token = await tokens.sign(userId, { ttl: 3600, ...(custId ? { custId } : {}) });
    const headers = { authorization: `Bearer ${token}` };
    const call = async (
      method: Method,
      url: string,
      payload?: unknown,
      extra: Record<string, string> = {},
    ) => {
      const res = await app.inject({
        method,
        url,
        headers: { ...headers, ...extra },
        payload: payload as object | undefined,
      });
      return { status: res.statusCode, body: res.json() };
    };
    return { username, userId, custId: custId as string, headers, call };
  }

  /** A user, member of `org` when given (its token picks that organization). */
  async function user(org?: { custId: string } | null, opts: { username?: string; email?: string } = {}) {
    const username = opts.username ?? `u${uid()}`;
    const [row] = await db
      .insert(users)
      .values({
        username,
        passwordHash: 'not-a-hash',
        email: opts.email ?? `${username}@factory.test`,
        property: { skipNovice: 'yes' },
      })
      .returning({ id: users.id });
    if (org) await db.insert(memberships).values({ userId: row!.id, custId: org.custId });
    return callerOf(row!.id, username, org?.custId ?? null);
  }

  /** An organization (a clinic unless told) with one signed-in member. */
  async function org(
    opts: {
      custType?: number;
      name?: string;
      privacy?: number;
      status?: number;
      email?: string;
      phone?: string;
      timeZone?: string;
    } = {},
  ): Promise<OrgRef> {
    const name = opts.name ?? `Org ${uid()}`;
    const [row] = await db
      .insert(customers)
      .values({
        name,
        custType: opts.custType ?? CustType.clinic,
        status: opts.status ?? CustStatus.authorized,
        privacy: opts.privacy ?? Privacy.all,
        email: opts.email ?? `${name.replace(/\W/g, '').toLowerCase()}@factory.test`,
        phone: opts.phone ?? '+1 555 0199',
        timeZone: opts.timeZone ?? 'UTC',
      })
      .returning({ id: customers.id });
    const owner = await user({ custId: row!.id });
    return { custId: row!.id, name, owner };
  }

  /** Adds an existing user to another organization (its token keeps its first organization). */
  async function membership(person: { userId: string }, org: { custId: string }) {
    await db
      .insert(memberships)
      .values({ userId: person.userId, custId: org.custId, createdAt: new Date(Date.now() + 1000) });
  }

  /** A device in the registry (unbound), in this deployment's area. */
  async function registered(opts: { serial?: string; bindCode?: string; area?: string } = {}) {
    const serial = opts.serial ?? `C${uid().toUpperCase()}`;
    const bindCode = opts.bindCode ?? '123456';
    await db.insert(deviceRegistry).values({ serial, bindCode, area: opts.area ?? config.area });
    return { serial, bindCode };
  }

  /** A registered device bound to `org` (no lab self-receiver rows: add them with `receiver`). */
  async function device(
    org: OrgRef,
    opts: { serial?: string; bindCode?: string; name?: string } = {},
  ): Promise<DeviceRef> {
    const { serial, bindCode } = await registered(opts);
    const [row] = await db
      .insert(devices)
      .values({
        serial,
        name: opts.name ?? `Scanner ${serial}`,
        ownerCustId: org.custId,
        boundBy: org.owner.userId,
      })
      .returning({ id: devices.id });
    return { deviceId: row!.id, serial, bindCode, ownerCustId: org.custId, ownerUserId: org.owner.userId };
  }

  /** The device lent to `to` (live for a year unless told; `status` recalled or expired for history). */
  async function lending(
    d: DeviceRef,
    to: { custId: string },
    opts: { expiresAt?: Date; status?: 'active' | 'recalled' | 'expired' } = {},
  ) {
    const [row] = await db
      .insert(deviceAuths)
      .values({
        deviceId: d.deviceId,
        custId: to.custId,
        fromCustId: d.ownerCustId,
        createdBy: d.ownerUserId,
        expiresAt: opts.expiresAt ?? new Date(Date.now() + 365 * 86400_000),
        status: opts.status ?? 'active',
      })
      .returning({ id: deviceAuths.id });
    return row!.id;
  }

  /** A device-user window for `person` (added by the owner unless `by` says who). */
  async function deviceUser(
    d: DeviceRef,
    person: { userId: string },
    opts: { by?: PersonRef; endsAt?: Date; startsAt?: Date } = {},
  ) {
    const [row] = await db
      .insert(deviceUsers)
      .values({
        deviceId: d.deviceId,
        userId: person.userId,
        startsAt: opts.startsAt ?? new Date(Date.now() - 1000),
        endsAt: opts.endsAt ?? new Date(Date.now() + 30 * 86400_000),
        createdBy: opts.by?.userId ?? d.ownerUserId,
        createdByCustId: opts.by?.custId ?? d.ownerCustId,
      })
      .returning({ id: deviceUsers.id });
    return row!.id;
  }

  /** `to` receives the device's scans of a case type (added by the owner unless `by` says who). */
  async function receiver(
    d: DeviceRef,
    to: { custId: string },
    opts: { caseType?: number; by?: PersonRef; expiresAt?: Date } = {},
  ) {
    const [row] = await db
      .insert(deviceReceivers)
      .values({
        deviceId: d.deviceId,
        caseType: opts.caseType ?? 3,
        custId: to.custId,
        expiresAt: opts.expiresAt ?? PERMANENT_DATE,
        createdBy: opts.by?.userId ?? d.ownerUserId,
        createdByCustId: opts.by?.custId ?? d.ownerCustId,
      })
      .returning({ id: deviceReceivers.id });
    return row!.id;
  }

  /**
   * A case sent by `by` with `device` (its owner unless told): the files (a generated arch by default) are stored,
   * then `createCase` routes it as an upload would.
   */
  async function kase(
    d: DeviceRef,
    by: PersonRef,
    opts: Partial<CaseOrder> & {
      files?: { name: string; body: Buffer }[];
      createdAt?: Date;
      crypto?: boolean;
    } = {},
  ) {
    const files = await Promise.all(
      (opts.files ?? [{ name: 'upper.ply', body: sampleArchPly({ seed: ++seq }) }]).map(async (f) => {
        const key = `cases/${randomUUID()}`;
        const stored = await storage.put(key, f.body);
        return {
          key,
          name: f.name,
          size: stored.size,
          sha256: stored.sha256,
          format: f.name.split('.').pop()!,
        };
      }),
    );
    const actor = await actorFor(db, by.userId, by.custId);
    const { id } = await createCase(
      db,
      actor!,
      {},
      {
        deviceSerial: d.serial,
        order: { caseType: opts.caseType ?? 3, patientName: opts.patientName ?? `Patient ${uid()}`, ...opts },
        files,
        crypto: opts.crypto ?? false,
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      },
      undefined,
      queuePreview,
    );
    return id;
  }

  return { org, user, membership, registered, device, lending, deviceUser, receiver, kase, callerOf };
}

export type Factories = ReturnType<typeof factories>;

/** A platform administrator (a user without an organization, `is_admin` set), signed in. */
export async function platformAdmin(app: FastifyInstance): Promise<PersonRef> {
  const person = await factories(app).user();
  await app.platform.db.update(users).set({ isAdmin: true }).where(eq(users.id, person.userId));
  return person;
}
