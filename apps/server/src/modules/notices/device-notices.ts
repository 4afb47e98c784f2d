import { NoticeKind, type DeviceNoticeKind } from '@archway/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { runClaimed } from '../../platform/jobs/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import type { NoticeOutlet } from './case-notices.ts';
import * as repo from './notices.repository.ts';
import { announce, notify, type NoticeRow } from './notices.service.ts';
import { noticeMail } from './notify-mail.ts';

const DAY_MS = 86_400_000;
/** The reminder goes this long before an authorization ends. */
export const EXPIRY_NOTICE_MS = 7 * DAY_MS;
/** How often the reminder job looks (each authorization is told once: `notification_mails`). */
export const EXPIRY_NOTICE_EVERY_MS = 3600_000;

export interface DeviceEvent {
  kind: DeviceNoticeKind;
  device: { id: string; serial: string; name: string };
  /** The owner (binder, lender, transferrer, recaller). */
  fromCustId: string;
  /** The borrower or the new owner; the owner itself for a binding. */
  toCustId: string;
  /** The authorization concerned (lent, recalled, expiring). */
  authId?: string;
  /** The authorization's end (lent, expiring). */
  expiresAt?: Date;
  /** Who did it: not told about their own action. */
  actorUserId?: string;
  /** Tell each person once for this key (`notification_mails`): the expiry reminder. */
  onceKey?: string;
}

/**
 * A device changed (call inside the transaction that changed it): the members of the organizations concerned (the
 * owner and the borrower or new owner; not the person who did it) get a notice, and those who subscribed
 * (`EquipEmailNotie`, read now) a mail in their language. Answers the notices, to `announce` after the commit.
 */
export async function deviceChanged(tx: Queryable, out: NoticeOutlet, e: DeviceEvent): Promise<NoticeRow[]> {
  const orgs = [...new Set([e.fromCustId, e.toCustId])];
  // One after the other: a transaction is one connection, which runs one query at a time.
  const members = await repo.membersOf(tx, orgs);
  const names = await repo.orgNames(tx, orgs);
  const from = names.get(e.fromCustId) ?? '';
  const to = names.get(e.toCustId) ?? '';
  const told = [];
  for (const m of members) {
    if (m.userId === e.actorUserId) continue;
    if (e.onceKey && !(await repo.claimMail(tx, e.kind, e.onceKey, m.userId))) continue;
    told.push(m);
  }
  const rows = await notify(
    tx,
    told.map((m) => ({
      userId: m.userId,
      kind: e.kind,
      objectId: e.authId ?? e.device.id,
      sendId: e.fromCustId,
      payload: {
        serial: e.device.serial,
        name: e.device.name,
        from,
        to,
        ...(e.expiresAt ? { expiresAt: e.expiresAt.toISOString() } : {}),
      },
    })),
  );
  const open = `${out.config.publicUrl}/v5/device`;
  const device = e.device.name ? `${e.device.name} (${e.device.serial})` : e.device.serial;
  for (const m of told) {
    if (!m.equipEmailNotice || !m.email) continue;
    await out.mail.send(
      tx,
      noticeMail(
        e.kind,
        m,
        m.email,
        { username: m.username, from, to, device, ...(e.expiresAt ? { date: e.expiresAt } : {}) },
        { publicUrl: out.config.publicUrl, open },
      ),
    );
  }
  return rows;
}

/**
 * The expiry reminder: every live authorization ending within 7 days is told once (notice and, for subscribers,
 * mail) to the owner's and the borrower's members; the key is the authorization and its end, so an extended one is
 * told again before its new end. One process runs it at a time (`runClaimed`). Answers the notices it stored.
 */
export async function remindExpiring(platform: Platform, now = new Date()): Promise<NoticeRow[]> {
  let told: NoticeRow[] = [];
  await runClaimed(platform.db, 'notices.deviceExpiring', EXPIRY_NOTICE_EVERY_MS, async (tx) => {
    // Kept only when the whole run commits (a failed run is rolled back and announces nothing).
    const rows: NoticeRow[] = [];
    for (const a of await repo.authsExpiringBetween(tx, now, new Date(now.getTime() + EXPIRY_NOTICE_MS)))
      rows.push(
        ...(await deviceChanged(tx, platform, {
          kind: NoticeKind.deviceExpiring,
          device: { id: a.deviceId, serial: a.serial, name: a.name },
          fromCustId: a.fromCustId,
          toCustId: a.custId,
          authId: a.id,
          expiresAt: a.expiresAt,
          onceKey: `${a.id}:${a.expiresAt.toISOString()}`,
        })),
      );
    told = rows;
  });
  announce(platform, told);
  platform.mail.wake();
  return told;
}

/** Starts the hourly reminder (and runs it once now); answers the stop function. */
export function startExpiryReminder(platform: Platform): () => void {
  const run = () =>
    remindExpiring(platform).catch(() => {
      // Recorded on the job row by runClaimed; tried again at the next run.
    });
  void run();
  const timer = setInterval(run, EXPIRY_NOTICE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * For the device services: tells of a change inside its transaction when the call carries the platform (requests
 * do; scripts may not), not the person who made it. Answers the notices to `tellAfterCommit`.
 */
export async function tellDevice(
  tx: Queryable,
  platform: Platform | undefined,
  actorUserId: string,
  e: Omit<DeviceEvent, 'actorUserId' | 'onceKey'>,
): Promise<NoticeRow[]> {
  return platform ? deviceChanged(tx, platform, { ...e, actorUserId }) : [];
}

/** After the change committed: announces its notices and wakes the mail delivery. */
export function tellAfterCommit(platform: Platform | undefined, rows: NoticeRow[]): void {
  if (!platform || rows.length === 0) return;
  announce(platform, rows);
  platform.mail.wake();
}
