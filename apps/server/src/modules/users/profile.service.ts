import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  AVATAR_TYPES,
  CHANGE_EMAIL_HOURS,
  GenericErrors,
  isValidPhone,
  normalizePhone,
  PHONE_CODE,
  ProfileAvatarErrors,
  ProfileDeleteErrors,
  ProfileEmailErrors,
  ProfilePasswordErrors,
  ProfilePhoneErrors,
  ProfileThirdPartyErrors,
  ProfileUsernameErrors,
  type ChangePasswordBody,
  type CurrentUser,
  type ErrorDef,
  type NotedAuditAction,
  type UpdateProfileBody,
} from '@archway/contract';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/identity/passwords.ts';
import type { ReceivedFile } from '../../platform/multipart.ts';
import type { Platform } from '../../platform/platform.ts';
import { accountMail, phoneCodeText } from '../account/account-mail.ts';
import * as accounts from '../account/tokens.service.ts';
import * as userRow from '../account/user-row.service.ts';
import { deleteAttachment, presentAttachment, saveAttachment } from '../attachments/attachments.service.ts';
import { endMemberships } from '../members/members.service.ts';
import * as repo from './profile.repository.ts';
import { currentUser } from './users.service.ts';

const HOUR_MS = 3600_000;
/** E-mail change links one person may have sent per hour. */
export const CHANGE_EMAIL_PER_HOUR = 5;
/** Wrong current passwords (password change, account deletion) per person and hour before the call is refused. */
export const PASSWORD_CHECKS_PER_HOUR = 10;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** A phone code's stored hash: bound to its row and number, so equal codes of different people never collide. */
const phoneCodeHash = (id: string, phone: string, code: string) => sha256(`${id}:${phone}:${code}`);

type Ctx = RequestContext;

async function audited(
  db: Parameters<typeof audit>[0],
  ctx: Ctx,
  actor: Actor,
  action: string,
  detail?: Record<string, unknown>,
) {
  await audit(db, ctx, {
    actorUserId: actor.userId,
    actorCustId: actor.custId,
    action,
    objectType: 'user',
    objectId: actor.userId,
    outcome: 'allowed',
    ...(detail ? { detail } : {}),
  });
}

/** The signed-in account, locked; gone or disabled → the call's "invalid user". */
async function lockActive(db: Parameters<typeof repo.lockUser>[0], actor: Actor, invalid: ErrorDef) {
  const user = await repo.lockUser(db, actor.userId);
  if (!user || user.disabled) throw new AppError(invalid);
  return user;
}

/**
 * A password check with a cap: past PASSWORD_CHECKS_PER_HOUR wrong answers an hour the call is refused as too many
 * attempts, so the current password cannot be guessed through these calls.
 */
async function checkPassword(p: Platform, userId: string, password: string, stored: string) {
  const key = `pwcheck:${userId}`;
  if ((await accounts.reserveAttempt(p.db, key, HOUR_MS)) > PASSWORD_CHECKS_PER_HOUR)
    return 'tooMany' as const;
  const right = await verifyPassword(password, stored);
  if (right) await accounts.releaseAttempt(p.db, key);
  return right;
}

/** `PUT /api2/user/profile`: username (unique, §5 rules), the person's name and the address fields. */
export async function updateProfile(
  p: Platform,
  ctx: Ctx,
  actor: Actor,
  body: UpdateProfileBody,
): Promise<CurrentUser> {
  await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfileUsernameErrors.invalidUser);
    const changes: Parameters<typeof userRow.setUserFields>[2] = {};
    if (body.username !== undefined && body.username !== user.username) {
      if (await repo.usernameTaken(tx, body.username, user.id))
        throw new AppError(ProfileUsernameErrors.exists);
      changes.username = body.username;
    }
    for (const field of ['name', 'country', 'region', 'city', 'street'] as const)
      if (body[field] !== undefined && body[field] !== (user[field] ?? ''))
        changes[field] = body[field] === '' ? null : body[field];
    if (Object.keys(changes).length === 0) return;
    const row = await userRow.setUserFields(tx, user.id, changes);
    if (!row) throw new AppError(ProfileUsernameErrors.failed);
    await audited(tx, ctx, actor, 'user.profile', {
      changed: Object.keys(changes),
      ...(changes.username ? { from: user.username, to: changes.username } : {}),
    });
  });
  return currentUser(p.db, actor);
}

/**
 * `POST /api2/user/avatar`: the image (already read) becomes the avatar; the previous avatar's file is deleted. Only
 * jpg, png and gif are images here: another known type (pdf, mp4) is "unsupported format".
 */
export async function setAvatar(p: Platform, ctx: Ctx, actor: Actor, file: ReceivedFile) {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    throw new AppError(ProfileAvatarErrors.format);
  const saved = await saveAttachment(p, p.db, { kind: 'avatar', userId: actor.userId, custId: null, file });
  const url = presentAttachment(saved).url;
  let previous: string | null = null;
  try {
    await p.db.transaction(async (tx) => {
      const user = await lockActive(tx, actor, ProfileAvatarErrors.failed);
      previous = user.avatar;
      await userRow.setUserFields(tx, user.id, { avatar: url });
      await audited(tx, ctx, actor, 'user.avatar', { attachmentId: saved.id });
    });
  } catch (err) {
    await deleteAttachment(p, p.db, saved.id);
    throw err;
  }
  const old = previous ? /^\/attachment\/([0-9a-f-]{36})$/.exec(previous)?.[1] : undefined;
  if (old) await deleteAttachment(p, p.db, old);
  return { avatar: url };
}

/**
 * `POST /api2/user/email`: a confirmation link is mailed to the new address; the address changes only when the link is
 * followed (the page /v5/confirmEmail posts it to `POST /user/email/confirm`). A newer request replaces the older link.
 */
export async function requestEmailChange(p: Platform, ctx: Ctx, actor: Actor, email: string) {
  await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfileEmailErrors.invalidUser);
    if (await repo.emailTaken(tx, email, user.id)) throw new AppError(ProfileEmailErrors.registered);
    if (user.email?.toLowerCase() === email.toLowerCase() && user.emailConfirmed === '1')
      throw new AppError(ProfileEmailErrors.registered);
    if (
      (await accounts.tokensSince(tx, user.id, 'changeEmail', new Date(Date.now() - HOUR_MS))) >=
      CHANGE_EMAIL_PER_HOUR
    )
      throw new AppError(ProfileEmailErrors.tooMany);
    await accounts.retireTokens(tx, user.id, 'changeEmail');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + CHANGE_EMAIL_HOURS * HOUR_MS);
    await accounts.insertToken(tx, {
      userId: user.id,
      purpose: 'changeEmail',
      tokenHash: sha256(token),
      email,
      expiresAt,
    });
    await p.mail.send(
      tx,
      accountMail('changeEmail', user, email, {
        username: user.username,
        email,
        link: `${p.config.publicUrl}/v5/confirmEmail?token=${token}`,
        hours: CHANGE_EMAIL_HOURS,
        expiresAt,
      }),
    );
    await audited(tx, ctx, actor, 'user.changeEmail.request', { email });
  });
  p.mail.wake();
  return { sent: true as const, email };
}

/**
 * `POST /api2/user/password`: the current password, then the new one twice. Every session of the account ends
 * (tokens issued before now are refused; the OpenID sessions, grants and refresh tokens are removed), this one too:
 * the caller signs in again with the new password.
 */
export async function changePassword(p: Platform, ctx: Ctx, actor: Actor, body: ChangePasswordBody) {
  const user = await repo.lockUser(p.db, actor.userId);
  if (!user || user.disabled) throw new AppError(ProfilePasswordErrors.invalidUser);
  const right = await checkPassword(p, user.id, body.oldPassword, user.passwordHash);
  if (right === 'tooMany') throw new AppError(GenericErrors.tooManyAttempts);
  if (!right) throw new AppError(ProfilePasswordErrors.invalidUser);
  if (body.password !== body.confirmPassword) throw new AppError(ProfilePasswordErrors.differ);
  const passwordHash = await hashPassword(body.password);
  await p.db.transaction(async (tx) => {
    await lockActive(tx, actor, ProfilePasswordErrors.invalidUser);
    await userRow.setUserFields(tx, actor.userId, { passwordHash });
    await accounts.retireTokens(tx, actor.userId, 'resetPassword');
    await accounts.endSessions(tx, actor.userId);
    await audited(tx, ctx, actor, 'user.changePassword');
  });
  // Sessions ended: the realtime connections too, on every process.
  p.realtime.disconnectUser(actor.userId);
  return { signInAgain: true as const };
}

/**
 * `POST /api2/user/phone/code`: a six-digit code for `phone`, by text message; its sha256 is stored (account_tokens,
 * purpose changePhone) for PHONE_CODE.ttlSeconds. Another code only after PHONE_CODE.resendSeconds.
 */
export async function sendPhoneCode(p: Platform, ctx: Ctx, actor: Actor, rawPhone: string) {
  if (!isValidPhone(rawPhone)) throw new AppError(ProfilePhoneErrors.invalid);
  const phone = normalizePhone(rawPhone.trim());
  await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfilePhoneErrors.invalidUser);
    if (await repo.phoneTaken(tx, phone, user.id)) throw new AppError(ProfilePhoneErrors.registered);
    const last = await accounts.lastPhoneCodeAt(tx, user.id);
    if (last && Date.now() - last.getTime() < PHONE_CODE.resendSeconds * 1000)
      throw new AppError(ProfilePhoneErrors.tooSoon);
    await accounts.retireTokens(tx, user.id, 'changePhone');
    const code = String(randomInt(0, 10 ** PHONE_CODE.length)).padStart(PHONE_CODE.length, '0');
    const id = randomUUID();
    await accounts.insertPhoneCode(tx, {
      id,
      userId: user.id,
      tokenHash: phoneCodeHash(id, phone, code),
      phone,
      expiresAt: new Date(Date.now() + PHONE_CODE.ttlSeconds * 1000),
    });
    await p.mail.sendText(tx, phone, phoneCodeText(user, code, PHONE_CODE.ttlSeconds / 60));
    await audited(tx, ctx, actor, 'user.changePhone.code', { phone });
  });
  p.mail.wake();
  return { resendAfter: PHONE_CODE.resendSeconds, expiresIn: PHONE_CODE.ttlSeconds };
}

/**
 * `PUT /api2/user/phone`: the number and its code (neither empty). A wrong code counts against the code; after
 * PHONE_CODE.maxTries wrong ones it is spent and a new one must be asked for.
 */
export async function confirmPhone(p: Platform, ctx: Ctx, actor: Actor, rawPhone: string, code: string) {
  if (!rawPhone || !isValidPhone(rawPhone)) throw new AppError(ProfilePhoneErrors.invalid);
  if (!/^\d{6}$/.test(code)) throw new AppError(ProfilePhoneErrors.wrongCode);
  const phone = normalizePhone(rawPhone.trim());
  const outcome = await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfilePhoneErrors.invalidUser);
    // A wrong guess is audited (`user.changePhone.wrongCode`, refused, with the answer and the try), committed with
    // the count of tries.
    const wrong = async (def: ErrorDef, detail: Record<string, unknown>) => {
      await audit(tx, ctx, {
        actorUserId: actor.userId,
        actorCustId: actor.custId,
        action: 'user.changePhone.wrongCode' satisfies NotedAuditAction,
        objectType: 'user',
        objectId: actor.userId,
        outcome: 'refused',
        detail: { code: def.code, key: def.key, phone, ...detail },
      });
      return def;
    };
    const live = await accounts.livePhoneCode(tx, user.id);
    if (!live) return wrong(ProfilePhoneErrors.wrongCode, { live: false });
    const tries = await accounts.reserveAttempt(tx, `phonecode:${live.id}`, PHONE_CODE.ttlSeconds * 1000);
    if (tries > PHONE_CODE.maxTries) {
      await accounts.spendToken(tx, live.id);
      return wrong(ProfilePhoneErrors.tooManyTries, { tries });
    }
    if (live.phone !== phone || live.tokenHash !== phoneCodeHash(live.id, phone, code)) {
      if (tries < PHONE_CODE.maxTries) return wrong(ProfilePhoneErrors.wrongCode, { tries });
      await accounts.spendToken(tx, live.id);
      return wrong(ProfilePhoneErrors.tooManyTries, { tries });
    }
    if (await repo.phoneTaken(tx, phone, user.id)) return ProfilePhoneErrors.registered;
    await accounts.spendToken(tx, live.id);
    const row = await userRow.setUserFields(tx, user.id, { phone, phoneConfirmed: '1' });
    if (!row) return ProfilePhoneErrors.failed;
    await audited(tx, ctx, actor, 'user.changePhone', { from: user.phone, to: phone });
    return undefined;
  });
  // Refusals are answered after the commit, so a wrong try is counted (and a spent code stays spent).
  if (outcome) throw new AppError(outcome);
  return currentUser(p.db, actor);
}

/** `DELETE /api2/user/phone/remove`: the account has no phone any more (unconfirmed). */
export async function removePhone(p: Platform, ctx: Ctx, actor: Actor) {
  await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfilePhoneErrors.invalidUser);
    if (!user.phone) return;
    await userRow.setUserFields(tx, user.id, { phone: null, phoneConfirmed: '2' });
    await accounts.retireTokens(tx, user.id, 'changePhone');
    await audited(tx, ctx, actor, 'user.removePhone', { phone: user.phone });
  });
  return currentUser(p.db, actor);
}

/** `DELETE /api2/user/wx`: the chat-app login no longer signs in to this account. */
export async function unbindChatApp(p: Platform, ctx: Ctx, actor: Actor) {
  await p.db.transaction(async (tx) => {
    const user = await lockActive(tx, actor, ProfileThirdPartyErrors.invalidUser);
    if (!user.wxId) throw new AppError(ProfileThirdPartyErrors.notBound);
    await userRow.setUserFields(tx, user.id, { wxId: null });
    await audited(tx, ctx, actor, 'user.unbindChatApp');
  });
  return currentUser(p.db, actor);
}

/**
 * `POST /api2/user/delete`: confirmed by the password. Refused while the person is the last administrator of an
 * organization that has other members. The row stays, anonymized and disabled (deleted_at), so what the person did
 * stays attributable; memberships go, every session ends, the avatar file is deleted. The organizations' data (cases,
 * devices) belongs to the organizations and stays.
 */
export async function deleteAccount(p: Platform, ctx: Ctx, actor: Actor, password: string) {
  const user = await repo.lockUser(p.db, actor.userId);
  if (!user || user.disabled) throw new AppError(ProfileDeleteErrors.invalidUser);
  const right = await checkPassword(p, user.id, password, user.passwordHash);
  if (right === 'tooMany') throw new AppError(GenericErrors.tooManyAttempts);
  if (!right) throw new AppError(ProfileDeleteErrors.wrongPassword);
  let avatar: string | null = null;
  await p.db.transaction(async (tx) => {
    const locked = await lockActive(tx, actor, ProfileDeleteErrors.invalidUser);
    const blocked = await repo.orgsLeftWithoutOwner(tx, locked.id);
    if (blocked.length > 0) throw new AppError(ProfileDeleteErrors.lastOwner);
    avatar = locked.avatar;
    await endMemberships(tx, locked.id);
    await accounts.deleteTokensOf(tx, locked.id);
    await userRow.anonymizeUser(tx, locked.id);
    await accounts.endSessions(tx, locked.id);
    await audited(tx, ctx, actor, 'user.delete', { username: locked.username });
  });
  p.realtime.disconnectUser(actor.userId);
  const old = avatar ? /^\/attachment\/([0-9a-f-]{36})$/.exec(avatar)?.[1] : undefined;
  if (old) await deleteAttachment(p, p.db, old);
  return { deleted: true as const };
}
