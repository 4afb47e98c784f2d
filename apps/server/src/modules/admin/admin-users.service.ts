import {
  ConsoleErrors,
  RegisterErrors,
  type ConsoleAdminBody,
  type ConsoleAdminRow,
  type ConsoleUserDetail,
  type ConsoleUserListQuery,
  type ConsoleUserRow,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/identity/passwords.ts';
import type { Platform } from '../../platform/platform.ts';
import { endSessions } from '../account/tokens.service.ts';
import { queueResetLink, takenRefusal } from '../account/registration.service.ts';
import * as userRow from '../account/user-row.service.ts';
import { adminNotice } from '../notices/notices.service.ts';
import { guardedConsole } from './admin.access.ts';
import { presentConsoleAdmin, presentConsoleUser, presentConsoleUserDetail } from './admin.presenter.ts';
import * as repo from './admin-users.repository.ts';

const by = (actor: Actor) => ({ actorUserId: actor.userId, actorCustId: actor.custId });

/** The organizations of a page of people, by person. */
async function orgsByUser(db: Queryable, ids: string[]) {
  const byUser = new Map<string, Awaited<ReturnType<typeof repo.orgsOfUsers>>>();
  for (const o of await repo.orgsOfUsers(db, ids)) {
    const list = byUser.get(o.userId) ?? [];
    list.push(o);
    byUser.set(o.userId, list);
  }
  return byUser;
}

/** `GET /api2/admin/console/users`: one page of the search, audited (`console.search`, the filters and the count). */
export async function listUsers(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  q: ConsoleUserListQuery,
) {
  const { db } = platform;
  const { total, rows } = await repo.listUsers(db, q);
  const ids = rows.map((r) => r.id);
  const [orgs, signIns] = await Promise.all([orgsByUser(db, ids), repo.lastSignIns(db, ids)]);
  await audit(db, ctx, {
    ...by(actor),
    action: 'console.search',
    objectType: 'user',
    outcome: 'allowed',
    detail: {
      keyword: q.keyword ?? null,
      disabled: q.disabled ?? null,
      admin: q.admin ?? null,
      pageIndex: q.pageIndex,
      found: total,
    },
  });
  const records: ConsoleUserRow[] = rows.map((u) =>
    presentConsoleUser(u, orgs.get(u.id) ?? [], signIns.get(u.id)),
  );
  return { records, totalRecords: total, pageSize: q.pageSize, pageIndex: q.pageIndex };
}

/** `GET /api2/admin/console/users/{id}`: one account, audited as `console.read`. */
export async function userDetail(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
): Promise<ConsoleUserDetail> {
  const { db } = platform;
  const user = await repo.userById(db, id);
  const missing = ConsoleErrors.userNotFound;
  await audit(db, ctx, {
    ...by(actor),
    action: 'console.read',
    objectType: 'user',
    objectId: id,
    outcome: user ? 'allowed' : 'refused',
    ...(user ? {} : { detail: { code: missing.code, key: missing.key } }),
  });
  if (!user) throw new AppError(missing);
  const [orgs, signIns] = await Promise.all([orgsByUser(db, [id]), repo.lastSignIns(db, [id])]);
  return presentConsoleUserDetail(user, orgs.get(id) ?? [], signIns.get(id));
}

/** The console's row of one account after a change. */
async function rowOf(db: Db, id: string): Promise<ConsoleUserRow> {
  const user = (await repo.userById(db, id))!;
  const [orgs, signIns] = await Promise.all([orgsByUser(db, [id]), repo.lastSignIns(db, [id])]);
  return presentConsoleUser(user, orgs.get(id) ?? [], signIns.get(id));
}

/**
 * `PUT /api2/admin/console/users/{id}/disabled`: a disabled account cannot sign in (`signIn.disabled`), and its
 * sessions end at once: tokens issued before now are refused (the actor resolver reads `disabled` and
 * `sessions_valid_from` on every request) and its OpenID sessions, grants and refresh tokens are removed, so enabling
 * it later does not bring old tokens back. An administrator cannot disable their own account (`console.self`).
 */
export async function setUserDisabled(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  id: string,
  disabled: boolean,
): Promise<ConsoleUserRow> {
  const { db } = platform;
  const action = disabled ? 'console.user.disable' : 'console.user.enable';
  await guardedConsole(db, ctx, actor, { action, objectType: 'user', objectId: id }, async (tx) => {
    if (id === actor.userId) throw new AppError(ConsoleErrors.self);
    const current = await repo.lockUser(tx, id);
    if (!current) throw new AppError(ConsoleErrors.userNotFound);
    const changed = current.disabled !== disabled;
    if (changed) await userRow.setUserDisabled(tx, id, disabled);
    if (disabled) await endSessions(tx, id);
    await audit(tx, ctx, {
      ...by(actor),
      action,
      objectType: 'user',
      objectId: id,
      outcome: 'allowed',
      detail: { username: current.username, changed },
    });
  });
  // The person's open clients renew their tokens, which fails: they are back at sign-in. Their realtime connections
  // close now, on every process: a client that ignores the notice hears nothing more.
  if (disabled) {
    adminNotice(platform, [id], 'account');
    platform.realtime.disconnectUser(id);
  }
  return rowOf(db, id);
}

/**
 * `POST /api2/admin/console/users/{id}/password-reset`: the account's password no longer signs in
 * (`signIn.resetRequired`, even when right) until it is reset; every session ends now; a reset link (the
 * "forgot password" flow's, 2 hours, single use) is mailed to the account's address in its language, in the same
 * transaction. Resetting the password (that link, or a new one from "Forgot password") clears the requirement.
 * Refused for the caller's own account (`console.self`), a disabled one (`console.userDisabled`) and one without an
 * e-mail address (`console.noEmail`).
 */
export async function forcePasswordReset(platform: Platform, ctx: RequestContext, actor: Actor, id: string) {
  const { db } = platform;
  const action = 'console.user.passwordReset';
  const mailedTo = await guardedConsole(
    db,
    ctx,
    actor,
    { action, objectType: 'user', objectId: id },
    async (tx) => {
      if (id === actor.userId) throw new AppError(ConsoleErrors.self);
      const user = await repo.lockUser(tx, id);
      if (!user) throw new AppError(ConsoleErrors.userNotFound);
      if (user.disabled) throw new AppError(ConsoleErrors.userDisabled);
      if (!user.email) throw new AppError(ConsoleErrors.noEmail);
      await userRow.setPasswordResetRequired(tx, id);
      await endSessions(tx, id);
      await queueResetLink(
        { mail: platform.mail, publicUrl: platform.config.publicUrl },
        tx,
        {
          id: user.id,
          username: user.username,
          email: user.email,
          language: user.language,
          timeZone: user.timeZone,
        },
        'forcedReset',
      );
      await audit(tx, ctx, {
        ...by(actor),
        action,
        objectType: 'user',
        objectId: id,
        outcome: 'allowed',
        detail: { username: user.username, mailedTo: user.email },
      });
      return user.email;
    },
  );
  platform.mail.wake();
  adminNotice(platform, [id], 'account');
  platform.realtime.disconnectUser(id);
  return { userId: id, passwordResetRequired: true as const, mailedTo };
}

// ---- administrators -------------------------------------------------------------------------------------------

/** `GET /api2/admin/console/admins`: every administrator account, oldest first (audited `console.search`). */
export async function listAdmins(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
): Promise<ConsoleAdminRow[]> {
  const { db } = platform;
  const rows = await repo.listAdmins(db);
  const signIns = await repo.lastSignIns(
    db,
    rows.map((r) => r.id),
  );
  await audit(db, ctx, {
    ...by(actor),
    action: 'console.search',
    objectType: 'user',
    outcome: 'allowed',
    detail: { admins: true, found: rows.length },
  });
  return rows.map((u) => presentConsoleAdmin(u, signIns.get(u.id)));
}

/** Inserts an administrator in `tx` (the caller holds the creation lock); a taken name or address is refused. */
async function insertAdministrator(tx: Queryable, body: ConsoleAdminBody, passwordHash: string) {
  const clash = await takenRefusal(tx, body.username, body.email);
  if (clash) throw clash;
  const row = await userRow.insertAdmin(tx, { username: body.username, email: body.email, passwordHash });
  // Taken meanwhile (a registration is not under our lock): say which.
  if (!row)
    throw (await takenRefusal(tx, body.username, body.email)) ?? new AppError(RegisterErrors.usernameTaken);
  return row;
}

/**
 * `POST /api2/admin/console/admins`: only an administrator creates another (the route's access). The new account
 * belongs to no organization and can never join one; it signs in under the administrators' stricter limit. A taken
 * username or e-mail address answers `register.usernameTaken` / `register.emailTaken`.
 */
export async function createAdmin(
  platform: Platform,
  ctx: RequestContext,
  actor: Actor,
  body: ConsoleAdminBody,
): Promise<ConsoleAdminRow> {
  const passwordHash = await hashPassword(body.password);
  const row = await guardedConsole(
    platform.db,
    ctx,
    actor,
    { action: 'console.admin.create', objectType: 'user', objectId: null },
    async (tx) => {
      await repo.lockAdminCreation(tx);
      const created = await insertAdministrator(tx, body, passwordHash);
      await audit(tx, ctx, {
        ...by(actor),
        action: 'console.admin.create',
        objectType: 'user',
        objectId: created.id,
        outcome: 'allowed',
        detail: { username: created.username, email: created.email },
      });
      return created;
    },
  );
  return presentConsoleAdmin(row, undefined);
}

/**
 * The first administrator of a fresh installation (`npm run admin:create`): created only when no administrator
 * exists yet; otherwise nothing is done and `created` is false (use /manager → Administrators instead). Audited
 * as `console.admin.bootstrap` without an actor.
 */
export async function createFirstAdmin(
  db: Db,
  body: ConsoleAdminBody,
): Promise<{ created: true; id: string } | { created: false }> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await repo.lockAdminCreation(tx);
    if (await repo.anyAdmin(tx)) return { created: false as const };
    const row = await insertAdministrator(tx, body, passwordHash);
    await audit(
      tx,
      { requestId: 'admin:create' },
      {
        action: 'console.admin.bootstrap',
        objectType: 'user',
        objectId: row.id,
        outcome: 'allowed',
        detail: { username: row.username, email: row.email },
      },
    );
    return { created: true as const, id: row.id };
  });
}
