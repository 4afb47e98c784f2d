import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CaseType, CustType } from '@archway/contract';
import { archJaw, writePly } from '@archway/mesh';
import {
  factories,
  type DeviceRef,
  type OrgRef,
  type PersonRef,
} from '../../../server/src/testing/factories.ts';
import { customers, memberships } from '../../../server/src/modules/orgs/orgs.schema.ts';
import { users } from '../../../server/src/modules/account/users.schema.ts';
import {
  orderForms,
  orderFormVersions,
  type OrderFieldRow,
} from '../../../server/src/modules/orders/orders.schema.ts';
import { DEMO_ORDER_FORM } from '../../../server/src/demo/seed-orders.ts';
import { hashPassword } from '../../../server/src/platform/identity/passwords.ts';

/**
 * The data of the journeys: fresh people made with the server's factories (as the demo's are), the tokens they sign
 * in with, cases sent on chosen days, and the files a journey uploads. What a journey does on the page is `page.ts`.
 */

const DAY_MS = 86_400_000;

/** A short random suffix: names of one journey never meet those of another on a shared server. */
export const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * Fresh people for a journey, as the demo's are: organizations authorized, their first member the owner (the
 * organization's administrator), every address confirmed (no "verify your e-mail" dialog), the first-use guide seen.
 */
export function people(app: FastifyInstance) {
  const f = factories(app);
  const { db } = app.platform;

  const confirm = (person: { userId: string }) =>
    db.update(users).set({ emailConfirmed: '1' }).where(eq(users.id, person.userId));

  /** An organization named `<prefix> <random>` whose first member (`owner`, username `<username>` if given) owns it. */
  async function org(
    prefix: string,
    opts: Parameters<typeof f.org>[0] & { username?: string } = {},
  ): Promise<OrgRef> {
    const made = await f.org({ name: `${prefix} ${suffix()}`, ...opts });
    await db.update(memberships).set({ role: 'owner' }).where(eq(memberships.userId, made.owner.userId));
    await confirm(made.owner);
    if (opts.username) {
      await db.update(users).set({ username: opts.username }).where(eq(users.id, made.owner.userId));
      made.owner.username = opts.username;
    }
    return made;
  }
  const clinic = (prefix = 'Clinic', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.clinic, ...opts });
  const lab = (prefix = 'Lab', opts: Parameters<typeof org>[1] = {}) =>
    org(prefix, { custType: CustType.lab, ...opts });

  /** Another member of `of` (or a person without an organization), the address confirmed unless told. */
  async function person(
    of: { custId: string } | null,
    opts: { username?: string; email?: string; confirmed?: boolean } = {},
  ): Promise<PersonRef> {
    const made = await f.user(of, opts);
    if (opts.confirmed !== false) await confirm(made);
    return made;
  }

  /** A platform administrator without an organization. */
  async function admin(): Promise<PersonRef> {
    const made = await person(null, { username: `admin.${suffix()}` });
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, made.userId));
    return made;
  }

  /** Gives the person a password that signs in (factory people have none). */
  async function password(who: { userId: string }, value: string) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(value) })
      .where(eq(users.id, who.userId));
  }

  /** The person has not seen the first-use guide (`property` empty), as a newcomer. */
  const fresh = (who: { userId: string }) =>
    db.update(users).set({ property: {} }).where(eq(users.id, who.userId));

  /** The organization's contact e-mail. */
  const emailOf = async (of: { custId: string }) =>
    (await db.select({ email: customers.email }).from(customers).where(eq(customers.id, of.custId)))[0]!
      .email;

  /** A token for someone made another way (registered through the API, or a demo account), by user name. */
  async function byUsername(username: string): Promise<PersonRef> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`no user ${username}`);
    return f.callerOf(row.id, username, null);
  }

  /**
   * The lab designs order forms (its optional screen on) and has published `fields` as version 1 (the demo's form by
   * default: one mandatory "Material" dropdown), so a clinic sending it a case fills them.
   */
  async function orderForm(labOrg: { custId: string }, fields: OrderFieldRow[] = DEMO_ORDER_FORM) {
    await db.insert(orderForms).values({ custId: labOrg.custId, draft: fields, published: 1 });
    await db.insert(orderFormVersions).values({ custId: labOrg.custId, version: 1, fields });
    await db.update(customers).set({ pageOrder: true }).where(eq(customers.id, labOrg.custId));
  }

  /** Uploads the organization's report logo (a PNG) through the API, as its owner. */
  async function uploadLogo(owner: PersonRef, png: Buffer) {
    const boundary = `----e2e${suffix()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n0\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: '/user/add/logo',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const body = answer.json() as { success: boolean };
    if (!body.success) throw new Error(`logo upload refused: ${answer.body}`);
  }

  /** A clinic whose scanner sends every case type to `to`: the device, and `to` as the receiver of each type. */
  async function sendsTo(
    from: OrgRef,
    to: { custId: string },
    opts: { name?: string } = {},
  ): Promise<DeviceRef> {
    const device = await f.device(from, opts);
    for (const caseType of Object.values(CaseType)) await f.receiver(device, to, { caseType });
    return device;
  }

  return {
    ...f,
    org,
    clinic,
    lab,
    person,
    admin,
    password,
    fresh,
    emailOf,
    byUsername,
    orderForm,
    uploadLogo,
    sendsTo,
  };
}

export type People = ReturnType<typeof people>;

/** Signs in through the API as the scanner software does (`POST /account/token`, audited): the access token. */
export async function apiToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const answer = await app.inject({ method: 'POST', url: '/account/token', payload: { username, password } });
  const body = answer.json<{ success: boolean; data?: { AccessToken?: string } }>();
  if (!body.success || !body.data?.AccessToken)
    throw new Error(`sign-in of ${username} refused: ${answer.body}`);
  return body.data.AccessToken;
}

/** The bearer token of a factory-made person. */
export const tokenOf = (person: { headers: { authorization: string } }) =>
  person.headers.authorization.slice(7);

/**
 * Noon (11:00 UTC) of the calendar day `days` before today in `timeZone`: a case sent then counts on that day there
 * (for zones within 11 hours of UTC), as the demo cases of "yesterday" do.
 */
export function daysAgo(days: number, timeZone: string, now = Date.now()): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  return new Date(Date.parse(`${today}T11:00:00Z`) - days * DAY_MS);
}

/** The `day` of the month `months` before the current one in `timeZone`, at noon UTC. */
export function monthsAgo(months: number, timeZone: string, day = 12, now = Date.now()): Date {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now).split('-').map(Number) as [
    number,
    number,
  ];
  return new Date(Date.UTC(y, m - 1 - months, day, 11));
}

/** Cases a clinic sent before the current month, per month back (1 = last month): distinct totals for the table. */
export const EARLIER_CASES = [5, 2, 1, 4] as const;
/** Cases a clinic sent yesterday: one of each type, as the demo's three. */
export const YESTERDAY_CASES = 3;

/**
 * A clinic that has sent a lab cases as the demo's clinic has its lab (both in `timeZone`, Berlin unless told):
 * {@link YESTERDAY_CASES} yesterday around noon (one orthodontics, one implant, one restoration) and, in each of the
 * four months before the current one, {@link EARLIER_CASES} cases of every type in turn, none downloaded.
 */
export async function exchange(p: People, opts: { timeZone?: string; prefix?: string } = {}) {
  const timeZone = opts.timeZone ?? 'Europe/Berlin';
  const prefix = opts.prefix ?? 'Stats';
  const clinic = await p.clinic(`${prefix} Clinic`, { timeZone });
  const lab = await p.lab(`${prefix} Lab`, { timeZone });
  const scanner = await p.sendsTo(clinic, lab, { name: `${prefix} scanner` });
  const types = [CaseType.orthodontics, CaseType.implant, CaseType.restoration] as const;
  const sent: { caseType: (typeof types)[number]; createdAt: Date }[] = [];
  const noon = daysAgo(1, timeZone);
  for (const [i, caseType] of types.entries())
    sent.push({ caseType, createdAt: new Date(noon.getTime() - i * 30 * 60_000) });
  EARLIER_CASES.forEach((n, k) => {
    for (let i = 0; i < n; i++)
      sent.push({ caseType: types[(k + i) % 3]!, createdAt: monthsAgo(k + 1, timeZone, 3 + i * 5) });
  });
  for (const [i, c] of sent.entries())
    await p.kase(scanner, clinic.owner, { ...c, patientName: `${prefix} Patient ${i + 1}` });
  return { clinic, lab, scanner };
}

/** A real PNG of w × h pixels in one colour (the browser shows it; the server checks its first bytes). */
export function pngOf(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A jaw-like scan as the demo cases hold (`closed`, both jaws told apart), as PLY bytes. */
export const jawPly = (jaw: 'upper' | 'lower', seed: number, triangles = 16_000) =>
  Buffer.from(writePly(archJaw({ triangles, seed, closed: true, upper: jaw === 'upper' })));

/**
 * A restoration case of both jaws (`upper.ply`, `lower.ply`: the viewer tells them apart by name) sent `daysAgo` days
 * ago, as the 3D viewer's journeys open it; the jaws generated from `seed` unless given. Answers the case's id.
 */
export function jawsCase(
  p: People,
  scanner: DeviceRef,
  sender: PersonRef,
  patientName: string,
  opts: { seed?: number; upper?: Buffer; lower?: Buffer; daysAgo?: number } = {},
): Promise<string> {
  const seed = opts.seed ?? 3;
  return p.kase(scanner, sender, {
    patientName,
    caseType: CaseType.restoration,
    upperJaw: true,
    lowerJaw: true,
    files: [
      { name: 'upper.ply', body: opts.upper ?? jawPly('upper', seed) },
      { name: 'lower.ply', body: opts.lower ?? jawPly('lower', seed) },
    ],
    createdAt: new Date(Date.now() - (opts.daysAgo ?? 2) * DAY_MS),
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));
const SCANNER = path.join(here, '..', '..', '..', '..', 'tools', 'scanner', 'bin', 'archway-scan.js');

/** Runs the archway-scan command (the clinic's scanner software, its own process). */
export function archwayScan(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCANNER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
